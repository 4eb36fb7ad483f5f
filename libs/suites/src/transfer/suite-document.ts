import { type ConnectionKind, type FileEncoding } from '@dq/contracts';

/** The portable suite document's format marker and version (bumped only on a breaking change). */
export const SUITE_DOCUMENT_FORMAT = 'dq-suite';
export const SUITE_DOCUMENT_VERSION = 1;

/** A connection as a document names it: environments differ in ids, not in names. */
export interface DocumentConnectionRef {
  name: string;
  kind: ConnectionKind;
}

export interface SuiteDocumentCheck {
  name: string;
  description: string | null;
  kind: string;
  engine: string | null;
  dimension: string;
  thresholds: Record<string, unknown> | null;
  /** As stored, except that a `<x>_connection_id` is replaced by `<x>_connection: {name, kind}`. */
  config: Record<string, unknown>;
  enabled: boolean;
}

/** `GET /suites/{id}/export`: everything needed to recreate the suite elsewhere, no ids, no secrets. */
export interface SuiteDocument {
  format: typeof SUITE_DOCUMENT_FORMAT;
  format_version: typeof SUITE_DOCUMENT_VERSION;
  exported_at: string;
  suite: {
    name: string;
    description: string | null;
    target: string;
    time_zone: string;
    column_policy: Record<string, unknown>;
    /** Present when the suite names one (flat-file suites); absent means `utf-8`. */
    file_encoding?: FileEncoding;
    connection: DocumentConnectionRef;
  };
  checks: SuiteDocumentCheck[];
}

const CONNECTION_ID_SUFFIX = '_connection_id';
const CONNECTION_REF_SUFFIX = '_connection';

/** Config keys that hold a connection id (e.g. a comparison's `baseline_connection_id`). */
export function connectionIdKeys(config: Record<string, unknown>): string[] {
  return Object.keys(config).filter(
    (key) => key.endsWith(CONNECTION_ID_SUFFIX) && typeof config[key] === 'string',
  );
}

/** Config keys that hold a document connection reference. */
export function connectionRefKeys(config: Record<string, unknown>): string[] {
  return Object.keys(config).filter(
    (key) => key.endsWith(CONNECTION_REF_SUFFIX) && typeof config[key] === 'object' && config[key] !== null,
  );
}

export function refKeyFor(idKey: string): string {
  return `${idKey.slice(0, -CONNECTION_ID_SUFFIX.length)}${CONNECTION_REF_SUFFIX}`;
}

export function idKeyFor(refKey: string): string {
  return `${refKey.slice(0, -CONNECTION_REF_SUFFIX.length)}${CONNECTION_ID_SUFFIX}`;
}
