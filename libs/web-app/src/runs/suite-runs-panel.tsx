import type { ReactNode } from 'react';
import type { Suite } from '../api/types';

/** The suite page's runs: run now with live progress and cancel, and the suite's run list. */
export function SuiteRunsPanel(_props: { suite: Suite; canRun: boolean }): ReactNode {
  return null;
}
