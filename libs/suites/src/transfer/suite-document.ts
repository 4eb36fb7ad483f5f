// The document's shape is the API contract's; this module keeps the connection-reference rules.
export {
  type DocumentConnectionRef,
  type SuiteDocument,
  type SuiteDocumentCheck,
  SUITE_DOCUMENT_FORMAT,
  SUITE_DOCUMENT_VERSION,
} from '@dq/contracts';

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
