import { DatasourceErrorClass } from '@dq/contracts';
import { DatasourceError } from '../adapter/datasource-adapter';

/** A JSON value whose integers beyond ±2^53 stay exact as `bigint`. */
export type IcebergJson = null | boolean | number | bigint | string | IcebergJson[] | IcebergJsonObject;
export interface IcebergJsonObject {
  [key: string]: IcebergJson;
}

function malformed(): DatasourceError {
  return new DatasourceError(DatasourceErrorClass.Invalid, 'The catalog sent malformed table metadata');
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING_RUN = /[^"\\\u0000-\u001f]*/y;
const LITERALS: ReadonlyArray<readonly [string, IcebergJson]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * JSON parsing that keeps 64-bit integers exact. Snapshot ids (e.g. 2456114553637229296), sequence
 * numbers and long defaults exceed `Number.MAX_SAFE_INTEGER`, which `JSON.parse` silently rounds;
 * here an integer literal outside the safe range comes back as a `bigint`.
 */
export function parseIcebergJson(text: string): IcebergJson {
  let at = 0;
  const skipSpace = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at += 1;
  };
  const expect = (literal: string): void => {
    if (text.startsWith(literal, at)) at += literal.length;
    else throw malformed();
  };
  const readString = (): string => {
    expect('"');
    let out = '';
    for (;;) {
      STRING_RUN.lastIndex = at;
      const run = STRING_RUN.exec(text);
      out += run?.[0] ?? '';
      at = STRING_RUN.lastIndex;
      const char = text.charAt(at);
      if (char === '"') {
        at += 1;
        return out;
      }
      if (char !== '\\') throw malformed();
      const escape = text.charAt(at + 1);
      if (escape === 'u') {
        const hex = text.slice(at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw malformed();
        out += String.fromCharCode(parseInt(hex, 16));
        at += 6;
      } else {
        const decoded = ESCAPES[escape];
        if (decoded === undefined) throw malformed();
        out += decoded;
        at += 2;
      }
    }
  };
  const readNumber = (): number | bigint => {
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) throw malformed();
    at = NUMBER.lastIndex;
    const literal = match[0];
    const value = Number(literal);
    if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(value)) return BigInt(literal);
    return value;
  };
  const readValue = (depth: number): IcebergJson => {
    if (depth > 512) throw malformed();
    skipSpace();
    const char = text.charAt(at);
    if (char === '{') {
      at += 1;
      const object: IcebergJsonObject = {};
      skipSpace();
      if (text.charAt(at) === '}') {
        at += 1;
        return object;
      }
      for (;;) {
        skipSpace();
        const key = readString();
        skipSpace();
        expect(':');
        object[key] = readValue(depth + 1);
        skipSpace();
        if (text.charAt(at) === ',') at += 1;
        else {
          expect('}');
          return object;
        }
      }
    }
    if (char === '[') {
      at += 1;
      const array: IcebergJson[] = [];
      skipSpace();
      if (text.charAt(at) === ']') {
        at += 1;
        return array;
      }
      for (;;) {
        array.push(readValue(depth + 1));
        skipSpace();
        if (text.charAt(at) === ',') at += 1;
        else {
          expect(']');
          return array;
        }
      }
    }
    if (char === '"') return readString();
    for (const [literal, constant] of LITERALS) {
      if (text.startsWith(literal, at)) {
        at += literal.length;
        return constant;
      }
    }
    return readNumber();
  };
  const value = readValue(0);
  skipSpace();
  if (at !== text.length) throw malformed();
  return value;
}

// ---- Reading typed table metadata out of the parsed JSON ----

export type IcebergType = string | IcebergJsonObject;

export interface IcebergField {
  id: number;
  name: string;
  required: boolean;
  type: IcebergType;
  /** The value rows written before the column existed take (format v3 `initial-default`). */
  initialDefault?: IcebergJson;
}

export interface IcebergSchema {
  schemaId: number;
  fields: IcebergField[];
}

export interface IcebergPartitionField {
  sourceId: number;
  fieldId: number | null;
  name: string;
  transform: string;
}

export interface IcebergSnapshot {
  /** Decimal text: ids are 64-bit and must never pass through a `number`. */
  snapshotId: string;
  sequenceNumber: bigint;
  timestampMs: number;
  /** Format v2 (and most v1 writers): the Avro manifest list. */
  manifestList: string | null;
  /** Format v1 only: manifests listed inline instead of a manifest list. */
  manifests: string[] | null;
  summary: Record<string, string>;
}

export interface IcebergTableMetadata {
  formatVersion: number;
  location: string;
  currentSchema: IcebergSchema;
  partitionSpecs: Map<number, IcebergPartitionField[]>;
  currentSnapshot: IcebergSnapshot | null;
  lastUpdatedMs: number | null;
}

function isObject(value: IcebergJson | undefined): value is IcebergJsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: IcebergJson | undefined): IcebergJsonObject {
  if (!isObject(value)) throw malformed();
  return value;
}

function arrayAt(value: IcebergJson | undefined): IcebergJson[] {
  if (!Array.isArray(value)) throw malformed();
  return value;
}

function textAt(value: IcebergJson | undefined): string {
  if (typeof value !== 'string') throw malformed();
  return value;
}

function intAt(value: IcebergJson | undefined): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw malformed();
  return value;
}

/** A 64-bit integer field (id or sequence number) as a bigint, whichever way the parser kept it. */
export function longAt(value: IcebergJson | undefined): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  throw malformed();
}

function readSchema(value: IcebergJson | undefined): IcebergSchema {
  const schema = objectAt(value);
  const fields = arrayAt(schema['fields']).map((entry): IcebergField => {
    const field = objectAt(entry);
    const type = field['type'];
    if (typeof type !== 'string' && !isObject(type)) throw malformed();
    const result: IcebergField = {
      id: intAt(field['id']),
      name: textAt(field['name']),
      required: field['required'] === true,
      type,
    };
    if ('initial-default' in field) result.initialDefault = field['initial-default'];
    return result;
  });
  return { schemaId: schema['schema-id'] === undefined ? 0 : intAt(schema['schema-id']), fields };
}

function readPartitionFields(value: IcebergJson | undefined): IcebergPartitionField[] {
  return arrayAt(value).map((entry) => {
    const field = objectAt(entry);
    return {
      sourceId: intAt(field['source-id']),
      fieldId: field['field-id'] === undefined ? null : intAt(field['field-id']),
      name: textAt(field['name']),
      transform: textAt(field['transform']),
    };
  });
}

function readSnapshot(value: IcebergJson): IcebergSnapshot {
  const snapshot = objectAt(value);
  const summary: Record<string, string> = {};
  const rawSummary = snapshot['summary'];
  if (isObject(rawSummary))
    for (const [key, entry] of Object.entries(rawSummary))
      if (typeof entry === 'string') summary[key] = entry;
  const manifestList = snapshot['manifest-list'];
  const manifests = snapshot['manifests'];
  return {
    snapshotId: longAt(snapshot['snapshot-id']).toString(),
    // Format v1 has no sequence numbers: every file counts as sequence number 0.
    sequenceNumber: snapshot['sequence-number'] === undefined ? 0n : longAt(snapshot['sequence-number']),
    timestampMs: Number(longAt(snapshot['timestamp-ms'])),
    manifestList: typeof manifestList === 'string' ? manifestList : null,
    manifests: Array.isArray(manifests) ? manifests.map(textAt) : null,
    summary,
  };
}

/** The current schema, partition specs and current snapshot of a table's metadata (format v1-v3). */
export function readTableMetadata(value: IcebergJson): IcebergTableMetadata {
  const metadata = objectAt(value);
  const formatVersion = intAt(metadata['format-version']);
  if (formatVersion < 1 || formatVersion > 3)
    throw new DatasourceError(
      DatasourceErrorClass.Invalid,
      'The table uses an unsupported Iceberg format version',
    );

  let currentSchema: IcebergSchema;
  if (metadata['schemas'] !== undefined) {
    const schemas = arrayAt(metadata['schemas']).map(readSchema);
    const currentId = metadata['current-schema-id'] === undefined ? 0 : intAt(metadata['current-schema-id']);
    const found = schemas.find((schema) => schema.schemaId === currentId);
    if (!found) throw malformed();
    currentSchema = found;
  } else {
    currentSchema = readSchema(metadata['schema']);
  }

  const partitionSpecs = new Map<number, IcebergPartitionField[]>();
  if (metadata['partition-specs'] !== undefined) {
    for (const entry of arrayAt(metadata['partition-specs'])) {
      const spec = objectAt(entry);
      partitionSpecs.set(intAt(spec['spec-id']), readPartitionFields(spec['fields']));
    }
  } else if (metadata['partition-spec'] !== undefined) {
    partitionSpecs.set(0, readPartitionFields(metadata['partition-spec']));
  }

  const rawCurrent = metadata['current-snapshot-id'];
  const currentId = rawCurrent === undefined || rawCurrent === null ? -1n : longAt(rawCurrent);
  let currentSnapshot: IcebergSnapshot | null = null;
  if (currentId !== -1n) {
    const snapshots = metadata['snapshots'] === undefined ? [] : arrayAt(metadata['snapshots']);
    const found = snapshots
      .map(readSnapshot)
      .find((snapshot) => snapshot.snapshotId === currentId.toString());
    if (!found) throw malformed();
    currentSnapshot = found;
  }

  const lastUpdated = metadata['last-updated-ms'];
  return {
    formatVersion,
    location: textAt(metadata['location']),
    currentSchema,
    partitionSpecs,
    currentSnapshot,
    lastUpdatedMs: lastUpdated === undefined ? null : Number(longAt(lastUpdated)),
  };
}

/** The Iceberg type name as the table spec writes it (`decimal(16, 2)`, `list<int>`, ...). */
export function icebergTypeName(type: IcebergType): string {
  if (typeof type === 'string') return type;
  switch (type['type']) {
    case 'list':
      return `list<${icebergTypeName(type['element'] as IcebergType)}>`;
    case 'map':
      return `map<${icebergTypeName(type['key'] as IcebergType)}, ${icebergTypeName(type['value'] as IcebergType)}>`;
    case 'struct': {
      const fields = arrayAt(type['fields']).map((entry) => {
        const field = objectAt(entry);
        return `${textAt(field['name'])}: ${icebergTypeName(field['type'] as IcebergType)}`;
      });
      return `struct<${fields.join(', ')}>`;
    }
    default:
      throw malformed();
  }
}
