import { isDeepStrictEqual } from 'node:util';
import { CONNECTION_URL_FIELDS, CREDENTIAL_TARGET_FIELDS, type ConnectionKind } from '@dq/contracts';

/** The stored config with a PATCH's config merged over it; a `null` value removes the field. */
export function mergeConfig(
  stored: Record<string, unknown>,
  patch: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Config fields whose value differs between two configs, sorted. */
export function changedConfigFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !isDeepStrictEqual(before[key], after[key])).sort();
}

/** The where-the-credential-goes fields among the changed ones. */
export function redirectingFields(kind: ConnectionKind, changed: readonly string[]): string[] {
  return changed.filter((field) => CREDENTIAL_TARGET_FIELDS[kind].includes(field));
}

/** An Iceberg client property that names where a client connects (`s3.endpoint`, `uri`, `oauth2-server-uri`). */
const ENDPOINT_PROPERTY = /(?:^|[.\-_])(?:endpoint|uri|url|host)$/i;
/** A property value that is a web address, whatever its key. */
const WEB_URL = /^\s*https?:/i;

/**
 * Every user-supplied URL in a config, with its field name: the URL fields, and the Iceberg client
 * properties that name an endpoint or hold a web address (the runner connects to them too).
 */
export function urlFieldsOf(config: Record<string, unknown>): { field: string; url: string }[] {
  const fields: { field: string; url: string }[] = CONNECTION_URL_FIELDS.filter(
    (field) => config[field] !== undefined,
  ).map((field) => ({
    field,
    url: String(config[field]),
  }));
  const properties = config['properties'];
  if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
    for (const [key, value] of Object.entries(properties as Record<string, unknown>))
      if (ENDPOINT_PROPERTY.test(key) || (typeof value === 'string' && WEB_URL.test(value)))
        fields.push({ field: `properties.${key}`, url: String(value) });
  }
  return fields;
}
