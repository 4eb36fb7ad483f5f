import type { FileEncoding } from '../suites/file-encoding';

/** One check as the run evaluates it, frozen at trigger time so later edits never change a run. */
export interface RunPlanItem {
  check_id: string;
  kind: string;
  version: number;
  definition: Record<string, unknown>;
}

/**
 * What a run reads, frozen at trigger time with its plan: later edits of the suite never change a
 * run. Null for runs made before suites existed (and in tests that drive a plan directly).
 */
export interface RunTarget {
  connection_id: string;
  target: string;
  time_zone: string;
  column_policy: Record<string, unknown>;
  /** Flat-file suites: the encoding of the CSV files (absent in runs frozen before it existed: UTF-8). */
  file_encoding?: FileEncoding | null;
}
