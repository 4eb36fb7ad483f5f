import type { ReactNode } from 'react';
import type { Suite } from '../api/types';

/** Column policy (failing-sample redaction) and the column profile of the suite's target. */
export function SuiteColumnPolicyPanel(_props: { suite: Suite; canEdit: boolean }): ReactNode {
  return null;
}

/** Who the suite is shared with, and granting, changing and revoking shares. */
export function SuiteSharesPanel(_props: { suite: Suite; canEdit: boolean }): ReactNode {
  return null;
}

/** Export the suite's portable document (the import lives on the suites list). */
export function SuiteExportButton(_props: { suite: Suite }): ReactNode {
  return null;
}

/** Import a portable suite document: for the suites list's header. */
export function SuiteImportButton(): ReactNode {
  return null;
}
