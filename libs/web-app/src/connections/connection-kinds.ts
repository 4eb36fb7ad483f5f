// The one table of connection kinds and their fields, and how a form's typed values become a
// request body. Each kind's entry is typed against the API document's own config and credential
// schemas: a field the document adds, drops or makes optional fails to compile here.
import type { components } from '@dq/api-client';

type Schemas = components['schemas'];

export type ConnectionKind = Schemas['ConnectionResponse']['kind'];

/** How a field is typed in: a line, a number, a choice, a tick, a list or `name=value` lines. */
export type FieldInput = 'text' | 'number' | 'select' | 'boolean' | 'list' | 'map';

export interface FieldSpec {
  /** The body field under `config` or `credential`. */
  name: string;
  label: string;
  input: FieldInput;
  /** Whether the API demands it (from the schema's `required`). */
  required: boolean;
  /** Write-only: a password input, never prefilled, never shown back. */
  secret?: boolean;
  /** A secret that spans lines (a PEM key). */
  multiline?: boolean;
  options?: readonly string[];
  description?: string;
}

type Described = Omit<FieldSpec, 'name'>;
/**
 * One description per schema field, no more and no fewer, each `required` exactly as the schema
 * says (an optional property takes `false`, a required one `true`).
 */
type FieldTable<T> = {
  [K in keyof T]-?: Described & { required: object extends Pick<T, K> ? false : true };
};

function fieldsOf<T>(table: FieldTable<T>): FieldSpec[] {
  return Object.entries(table as Record<string, Described>).map(([name, spec]) => ({ name, ...spec }));
}

function text<R extends boolean>(label: string, required: R, description?: string) {
  return { label, input: 'text' as const, required, ...(description ? { description } : {}) };
}
function secret<R extends boolean>(label: string, required: R, multiline = false) {
  return { label, input: 'text' as const, required, secret: true, ...(multiline ? { multiline } : {}) };
}
const REDIRECTS = 'Changing it asks for the credential again.';

export interface KindSpec {
  kind: ConnectionKind;
  label: string;
  config: FieldSpec[];
  credential: FieldSpec[];
  /** Fields that decide where the credential is sent (spec: Connection). */
  redirectFields: readonly string[];
  /** The credential's accepted forms when it has several; exactly one is sent. */
  credentialForms?: readonly (readonly string[])[];
  /** Whether the kind is a datasource (it has credential health). */
  datasource: boolean;
}

export const CONNECTION_KINDS: readonly KindSpec[] = [
  {
    kind: 'postgres',
    label: 'PostgreSQL',
    datasource: true,
    config: fieldsOf<Schemas['PostgresConfig']>({
      host: text('Host', true, REDIRECTS),
      port: { label: 'Port', input: 'number', required: true, description: REDIRECTS },
      database: text('Database', true),
      user: text('User', true),
      sslmode: {
        label: 'TLS mode (sslmode)',
        input: 'select',
        required: false,
        options: ['disable', 'prefer', 'require', 'verify-ca', 'verify-full'],
        description: `Left empty: prefer. ${REDIRECTS}`,
      },
    }),
    credential: fieldsOf<Schemas['PostgresCredential']>({ password: secret('Password', true) }),
    redirectFields: ['host', 'port', 'sslmode'],
  },
  {
    kind: 'warehouse',
    label: 'Cloud data warehouse',
    datasource: true,
    config: fieldsOf<Schemas['WarehouseConfig']>({
      account: text('Account', true, REDIRECTS),
      user: text('User', true),
      warehouse: text('Warehouse', false),
      role: text('Role', false),
      database: text('Database', false),
      schema: text('Schema', false),
    }),
    credential: fieldsOf<Schemas['WarehouseCredential']>({
      password: secret('Password', false),
      private_key: secret('Private key (PEM)', false, true),
      passphrase: secret('Private key passphrase', false),
    }),
    credentialForms: [['password'], ['private_key'], ['private_key', 'passphrase']],
    redirectFields: ['account'],
  },
  {
    kind: 'lakehouse',
    label: 'Lakehouse catalog',
    datasource: true,
    config: fieldsOf<Schemas['LakehouseConfig']>({
      workspace_url: text('Workspace URL', true, REDIRECTS),
      http_path: text('HTTP path', true),
    }),
    credential: fieldsOf<Schemas['LakehouseCredential']>({ token: secret('Access token', true) }),
    redirectFields: ['workspace_url'],
  },
  {
    kind: 'file_store',
    label: 'File store (cloud data lake)',
    datasource: true,
    config: fieldsOf<Schemas['FileStoreConfig']>({
      account_url: text('Account URL', true, REDIRECTS),
      filesystem: text('File system', true),
    }),
    credential: fieldsOf<Schemas['FileStoreCredential']>({
      account_key: secret('Account key', false),
      sas_token: secret('SAS token', false),
      tenant_id: text('Tenant ID', false),
      client_id: text('Client ID', false),
      client_secret: secret('Client secret', false),
    }),
    credentialForms: [['account_key'], ['sas_token'], ['tenant_id', 'client_id', 'client_secret']],
    redirectFields: ['account_url'],
  },
  {
    kind: 'object_store',
    label: 'Object store (S3-compatible)',
    datasource: true,
    config: fieldsOf<Schemas['ObjectStoreConfig']>({
      bucket: text('Bucket', true),
      region: text('Region', false),
      endpoint_url: text('Endpoint URL', false, `Only for an S3-compatible store. ${REDIRECTS}`),
      force_path_style: { label: 'Path-style addressing', input: 'boolean', required: false },
    }),
    credential: fieldsOf<Schemas['ObjectStoreCredential']>({
      access_key_id: text('Access key ID', true),
      secret_access_key: secret('Secret access key', true),
    }),
    redirectFields: ['endpoint_url'],
  },
  {
    kind: 'iceberg_catalog',
    label: 'Open table-format catalog (Iceberg)',
    datasource: true,
    config: fieldsOf<Schemas['IcebergCatalogConfig']>({
      catalog_uri: text('Catalog URI', true, REDIRECTS),
      warehouse: text('Warehouse', false, REDIRECTS),
      properties: {
        label: 'Client properties',
        input: 'map',
        required: false,
        description: `One name=value a line. ${REDIRECTS}`,
      },
      secret_property: text('Property that carries the credential', false, REDIRECTS),
    }),
    credential: fieldsOf<Schemas['IcebergCatalogCredential']>({ value: secret('Credential value', true) }),
    redirectFields: ['catalog_uri', 'warehouse', 'properties', 'secret_property'],
  },
  {
    kind: 'factory',
    label: 'Data factory (orchestration)',
    datasource: false,
    config: fieldsOf<Schemas['FactoryConfig']>({
      subscription_id: text('Subscription ID', true),
      resource_group: text('Resource group', true),
      factory_name: text('Factory name', true),
    }),
    credential: fieldsOf<Schemas['ServicePrincipalCredential']>({
      tenant_id: text('Tenant ID', true),
      client_id: text('Client ID', true),
      client_secret: secret('Client secret', true),
    }),
    redirectFields: [],
  },
  {
    kind: 'scheduler',
    label: 'Scheduler (orchestration)',
    datasource: false,
    config: fieldsOf<Schemas['SchedulerConfig']>({
      base_url: text('Base URL', true, REDIRECTS),
      auth_type: {
        label: 'Auth type',
        input: 'select',
        required: false,
        options: ['token'],
        description: 'Left empty: token.',
      },
    }),
    credential: fieldsOf<Schemas['SchedulerCredential']>({ token: secret('API token', true) }),
    redirectFields: ['base_url'],
  },
  {
    kind: 'builder',
    label: 'Builder (orchestration)',
    datasource: false,
    config: fieldsOf<Schemas['BuilderConfig']>({
      project_name: text('Project name', true),
      jobs: { label: 'Jobs', input: 'list', required: true, description: 'One job a line.' },
      artifacts_uri: text('Artifacts URI', true, REDIRECTS),
      endpoint_url: text('Endpoint URL', false, REDIRECTS),
      lineage_namespace: text('Lineage namespace', false),
    }),
    credential: fieldsOf<Schemas['BuilderCredential']>({
      token: secret('API token', true),
      webhook_secret: secret('Webhook secret', true),
    }),
    redirectFields: ['endpoint_url', 'artifacts_uri'],
  },
];

const BY_KIND = new Map(CONNECTION_KINDS.map((spec) => [spec.kind, spec]));

export function kindSpec(kind: ConnectionKind): KindSpec {
  const spec = BY_KIND.get(kind);
  if (!spec) throw new Error(`unknown connection kind ${kind}`);
  return spec;
}

export function isConnectionKind(value: string | null | undefined): value is ConnectionKind {
  return value != null && BY_KIND.has(value as ConnectionKind);
}

export function kindLabel(kind: string): string {
  return isConnectionKind(kind) ? kindSpec(kind).label : kind;
}

/** What a form holds: strings as typed (numbers, lists and maps too) and ticks. */
export type FormValues = Record<string, string | boolean>;

/** The form's key for a field: `config.host`, `credential.password`, the API's own field paths. */
export function formKey(section: 'config' | 'credential', name: string): string {
  return `${section}.${name}`;
}

/** Turns one typed value into the body's value; undefined when left empty. */
function bodyValue(field: FieldSpec, raw: string | boolean | undefined): unknown {
  if (field.input === 'boolean') return raw === true ? true : undefined;
  const typed = typeof raw === 'string' ? raw : '';
  // A secret is sent exactly as typed; a name or address loses stray blanks.
  const value = field.secret ? typed : typed.trim();
  if (value === '') return undefined;
  switch (field.input) {
    case 'number':
      // Anything but a whole number goes as typed, for the API to name the problem.
      return /^-?\d+$/.test(value) ? Number(value) : value;
    case 'list':
      return value
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    case 'map': {
      const map: Record<string, string> = {};
      for (const line of value.split('\n')) {
        const trimmed = line.trim();
        if (!trimmed) continue;
        const at = trimmed.indexOf('=');
        if (at <= 0) map[trimmed] = '';
        else map[trimmed.slice(0, at).trim()] = trimmed.slice(at + 1).trim();
      }
      return map;
    }
    default:
      return value;
  }
}

/** The form text for a stored config value (the inverse of `bodyValue`). */
function formValue(field: FieldSpec, stored: unknown): string | boolean {
  if (field.input === 'boolean') return stored === true;
  if (stored === undefined || stored === null) return '';
  if (field.input === 'list' && Array.isArray(stored)) return stored.map(String).join('\n');
  if (field.input === 'map' && typeof stored === 'object') {
    return Object.entries(stored as Record<string, unknown>)
      .map(([name, value]) => `${name}=${String(value)}`)
      .join('\n');
  }
  if (typeof stored === 'string') return stored;
  if (typeof stored === 'number' || typeof stored === 'boolean') return String(stored);
  return JSON.stringify(stored);
}

/** A create's or draft test's `config`: the filled-in fields only. */
export function configBody(kind: ConnectionKind, values: FormValues): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const field of kindSpec(kind).config) {
    const value = bodyValue(field, values[formKey('config', field.name)]);
    if (value !== undefined) config[field.name] = value;
  }
  return config;
}

/** The `credential` from the filled-in credential fields, or undefined when none is filled in. */
export function credentialBody(
  kind: ConnectionKind,
  values: FormValues,
): Record<string, unknown> | undefined {
  const credential: Record<string, unknown> = {};
  for (const field of kindSpec(kind).credential) {
    const value = bodyValue(field, values[formKey('credential', field.name)]);
    if (value !== undefined) credential[field.name] = value;
  }
  return Object.keys(credential).length > 0 ? credential : undefined;
}

/** An edit form's starting values: the stored config; never a credential (the API holds none to show). */
export function formValuesOf(kind: ConnectionKind, config: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of kindSpec(kind).config)
    values[formKey('config', field.name)] = formValue(field, config[field.name]);
  return values;
}

/**
 * A PATCH's `config`: only the fields that differ from the stored config; a field emptied is sent
 * as null (removed). Undefined when nothing changed.
 */
export function configPatch(
  kind: ConnectionKind,
  stored: Record<string, unknown>,
  values: FormValues,
): Record<string, unknown> | undefined {
  const patch: Record<string, unknown> = {};
  for (const field of kindSpec(kind).config) {
    const next = bodyValue(field, values[formKey('config', field.name)]);
    const before = bodyValue(field, formValue(field, stored[field.name]));
    if (JSON.stringify(next) === JSON.stringify(before)) continue;
    patch[field.name] = next === undefined ? null : next;
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}

/** The changed config fields that decide where the credential goes. */
export function redirectingChanges(
  kind: ConnectionKind,
  patch: Record<string, unknown> | undefined,
): string[] {
  return Object.keys(patch ?? {}).filter((name) => kindSpec(kind).redirectFields.includes(name));
}
