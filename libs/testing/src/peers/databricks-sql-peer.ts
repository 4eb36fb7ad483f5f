import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { createRequire } from 'node:module';
import { type AddressInfo } from 'node:net';
import { thrift as databricksThrift } from '@databricks/sql';
import {
  type DuckDBConnection,
  type DuckDBInstance as DuckDBInstanceType,
  DuckDBInstance,
  type DuckDBType,
  DuckDBTypeId,
  type DuckDBValue,
} from '@duckdb/node-api';

/**
 * A Databricks SQL warehouse on loopback, speaking the protocol @databricks/sql speaks: Apache
 * Hive's TCLIService over Thrift (binary protocol, buffered transport) in HTTP POST bodies to
 * `http://127.0.0.1:<port><httpPath>` with `Authorization: Bearer <token>`. Requests are decoded
 * and answered by the driver's own generated TCLIService code; statements run in an in-memory
 * DuckDB holding the peer's tables, so a real SQL engine sits behind the real protocol.
 *
 * What it answers (the subset a read-only client needs): OpenSession, CloseSession, GetInfo,
 * ExecuteStatement (async: state via GetOperationStatus), GetOperationStatus, GetResultSetMetadata,
 * FetchResults (column-based TRowSet), CancelOperation, CloseOperation, GetColumns. SQL is
 * Databricks-flavoured: `backtick` identifiers, `DESCRIBE DETAIL t` and `DESCRIBE TABLE EXTENDED t`
 * are answered from the table registry, everything else runs in DuckDB. Failures come back as
 * Databricks reports them: an operation in ERROR_STATE with `[ERROR_CLASS] ... SQLSTATE: xxxxx`.
 */

export interface DatabricksPeerColumn {
  name: string;
  /** Databricks type name: BIGINT, INT, STRING, DOUBLE, BOOLEAN, DATE, TIMESTAMP, DECIMAL(p,s)... */
  type: string;
  /** Defaults to true. */
  nullable?: boolean;
}

export interface DatabricksPeerTable {
  catalog: string;
  schema: string;
  name: string;
  columns: DatabricksPeerColumn[];
  /** Row values in column order: null, booleans, numbers, bigints or strings (dates as ISO text). */
  rows: (string | number | bigint | boolean | null)[][];
  /** Reported by DESCRIBE DETAIL as `lastModified`; the peer's start time if unset. */
  lastModified?: Date;
  /** Answered as a view: DESCRIBE DETAIL refuses it and DESCRIBE EXTENDED has no statistics. */
  isView?: boolean;
}

export interface DatabricksSqlPeerOptions {
  /** The one personal access token the peer accepts. */
  token: string;
  tables: DatabricksPeerTable[];
  /** Tokens that authenticate but lack CAN_USE on the warehouse: HTTP 403 PERMISSION_DENIED. */
  tokensWithoutAccess?: string[];
  /** Defaults to `/sql/1.0/warehouses/<random id>`. */
  httpPath?: string;
  /**
   * Statements the peer accepts but never finishes (a long-running query): they stay RUNNING until
   * cancelled, closed or past their timeout (queryTimeout or the session's STATEMENT_TIMEOUT).
   */
  holdStatementsMatching?: RegExp;
}

export interface DatabricksSqlPeer {
  /** `http://127.0.0.1:<port>`: the connection's `workspace_url` (plain http, loopback only). */
  readonly workspaceUrl: string;
  readonly httpPath: string;
  readonly port: number;
  /** Thrift method names in arrival order (OpenSession, ExecuteStatement, ...). */
  readonly calls: string[];
  /** Statement texts as received by ExecuteStatement. */
  readonly statements: string[];
  /** `METHOD /path` of every request that was not a Thrift POST to the HTTP path (telemetry...). */
  readonly strayRequests: string[];
  /** Sessions opened and not yet closed. */
  openSessions(): number;
  /** Operations currently RUNNING. */
  runningOperations(): number;
  stop(): Promise<void>;
}

// ---- The generated Thrift code, typed just enough for the peer ----

interface ThriftStructConstructor {
  new (args: object): object;
}
type Generated = Record<string, ThriftStructConstructor> & {
  TStatusCode: Record<'SUCCESS_STATUS' | 'ERROR_STATUS' | 'INVALID_HANDLE_STATUS', number>;
  TOperationState: Record<
    'RUNNING_STATE' | 'FINISHED_STATE' | 'CANCELED_STATE' | 'CLOSED_STATE' | 'ERROR_STATE' | 'TIMEDOUT_STATE',
    number
  >;
  TOperationType: Record<'EXECUTE_STATEMENT' | 'GET_COLUMNS', number>;
  TProtocolVersion: Record<'SPARK_CLI_SERVICE_PROTOCOL_V8', number>;
  TSparkRowSetType: Record<'COLUMN_BASED_SET', number>;
  TGetInfoType: Record<'CLI_DBMS_VER' | 'CLI_DBMS_NAME' | 'CLI_SERVER_NAME', number>;
  TFetchOrientation: Record<'FETCH_FIRST', number>;
  TTypeId: Record<string, number>;
};
interface ThriftProtocol {
  flush(): void;
}
interface ThriftRuntime {
  TBufferedTransport: {
    new (buffer: undefined, onFlush: (message: Buffer) => void): unknown;
    receiver(callback: (transport: unknown) => void): (data: Buffer) => void;
  };
  TBinaryProtocol: new (transport: unknown) => ThriftProtocol;
}
interface TCLIServiceModule {
  Processor: new (handler: object) => { process(input: ThriftProtocol, output: ThriftProtocol): void };
}

const T = databricksThrift.TCLIService_types as unknown as Generated;
const service = databricksThrift.TCLIService as unknown as TCLIServiceModule;
// The Thrift runtime the driver itself depends on (and whose protocol it speaks).
const thriftRuntime = createRequire(require.resolve('@databricks/sql'))('thrift') as ThriftRuntime;

function struct(name: string, args: object): object {
  const constructor = T[name];
  if (constructor === undefined) throw new Error(`no generated Thrift struct ${name}`);
  return new constructor(args);
}

const success = (): object => ({ statusCode: T.TStatusCode.SUCCESS_STATUS });

// ---- Requests as decoded (only the fields read) ----

interface HandleIdentifier {
  guid: Buffer;
  secret: Buffer;
}
interface SessionRequest {
  sessionHandle?: { sessionId?: HandleIdentifier };
}
interface OperationRequest {
  operationHandle?: { operationId?: HandleIdentifier };
}
interface OpenSessionRequest {
  configuration?: Record<string, string> | null;
  initialNamespace?: { catalogName?: string | null; schemaName?: string | null } | null;
}
interface SparkParameter {
  ordinal?: number | null;
  type?: string | null;
  value?: { stringValue?: string | null; doubleValue?: number | null; booleanValue?: boolean | null } | null;
}
interface ExecuteStatementRequest extends SessionRequest {
  statement: string;
  queryTimeout?: { toNumber(): number } | null;
  parameters?: SparkParameter[] | null;
}
interface GetColumnsRequest extends SessionRequest {
  catalogName?: string | null;
  schemaName?: string | null;
  tableName?: string | null;
  columnName?: string | null;
}
interface FetchResultsRequest extends OperationRequest {
  orientation?: number | null;
  maxRows?: { toNumber(): number } | number | null;
}

// ---- Results ----

type CellValue = string | number | boolean | null;

interface ResultColumn {
  name: string;
  /** A TTypeId key, e.g. BIGINT_TYPE. */
  typeId: string;
  precision?: number;
  scale?: number;
}

interface ResultSet {
  columns: ResultColumn[];
  rows: CellValue[][];
}

interface SqlFailure {
  errorClass: string;
  sqlState: string;
  message: string;
}

interface PeerOperation {
  key: string;
  handle: object;
  state: number;
  startedAt: number;
  timeoutSeconds: number;
  result?: ResultSet;
  failure?: SqlFailure;
  cursor: number;
}

interface PeerSession {
  key: string;
  connection: DuckDBConnection;
  statementTimeoutSeconds: number;
}

class SqlError extends Error {
  constructor(readonly failure: SqlFailure) {
    super(failure.message);
  }
}

function sqlError(errorClass: string, sqlState: string, text: string): SqlError {
  return new SqlError({
    errorClass,
    sqlState,
    message: `[${errorClass}] ${text} SQLSTATE: ${sqlState}`,
  });
}

// ---- Types: Databricks names for DDL, DuckDB results to TTypeId ----

function duckTypeOf(databricksType: string): string {
  const upper = databricksType.trim().toUpperCase();
  if (upper === 'STRING') return 'VARCHAR';
  if (upper === 'INT') return 'INTEGER';
  return upper;
}

const JDBC_TYPES: Readonly<Record<string, number>> = {
  BOOLEAN: 16,
  TINYINT: -6,
  SMALLINT: 5,
  INT: 4,
  BIGINT: -5,
  FLOAT: 6,
  DOUBLE: 8,
  DECIMAL: 3,
  STRING: 12,
  DATE: 91,
  TIMESTAMP: 93,
};

function resultColumnOf(name: string, type: DuckDBType): ResultColumn {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return { name, typeId: 'BOOLEAN_TYPE' };
    case DuckDBTypeId.TINYINT:
      return { name, typeId: 'TINYINT_TYPE' };
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.UTINYINT:
      return { name, typeId: 'SMALLINT_TYPE' };
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.USMALLINT:
      return { name, typeId: 'INT_TYPE' };
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UINTEGER:
      return { name, typeId: 'BIGINT_TYPE' };
    case DuckDBTypeId.FLOAT:
      return { name, typeId: 'FLOAT_TYPE' };
    case DuckDBTypeId.DOUBLE:
      return { name, typeId: 'DOUBLE_TYPE' };
    case DuckDBTypeId.DECIMAL: {
      const match = /DECIMAL\((\d+),(\d+)\)/.exec(String(type));
      return {
        name,
        typeId: 'DECIMAL_TYPE',
        precision: Number(match?.[1] ?? 38),
        scale: Number(match?.[2] ?? 0),
      };
    }
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UBIGINT:
      return { name, typeId: 'DECIMAL_TYPE', precision: 38, scale: 0 };
    case DuckDBTypeId.DATE:
      return { name, typeId: 'DATE_TYPE' };
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_TZ:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_NS:
      return { name, typeId: 'TIMESTAMP_TYPE' };
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
      return { name, typeId: 'ARRAY_TYPE' };
    case DuckDBTypeId.STRUCT:
      return { name, typeId: 'STRUCT_TYPE' };
    case DuckDBTypeId.MAP:
      return { name, typeId: 'MAP_TYPE' };
    default:
      return { name, typeId: 'STRING_TYPE' };
  }
}

function cellOf(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** One TColumn: values in the member the type travels in, a null bitmap (bit i of byte i/8). */
function thriftColumn(column: ResultColumn, values: CellValue[]): object {
  const nulls = Buffer.alloc(Math.ceil(values.length / 8));
  values.forEach((value, index) => {
    if (value === null) nulls[index >> 3] |= 1 << (index & 7);
  });
  const pick = <V>(convert: (value: CellValue) => V, fallback: V): V[] =>
    values.map((value) => (value === null ? fallback : convert(value)));
  switch (column.typeId) {
    case 'BOOLEAN_TYPE':
      return { boolVal: { values: pick((v) => v === true, false), nulls } };
    case 'TINYINT_TYPE':
      return { byteVal: { values: pick(Number, 0), nulls } };
    case 'SMALLINT_TYPE':
      return { i16Val: { values: pick(Number, 0), nulls } };
    case 'INT_TYPE':
      return { i32Val: { values: pick(Number, 0), nulls } };
    case 'BIGINT_TYPE':
      return { i64Val: { values: pick(Number, 0), nulls } };
    case 'FLOAT_TYPE':
    case 'DOUBLE_TYPE':
      return { doubleVal: { values: pick(Number, 0), nulls } };
    default:
      return { stringVal: { values: pick(String, ''), nulls } };
  }
}

function columnDescriptor(column: ResultColumn, index: number): object {
  const qualifiers =
    column.precision === undefined
      ? undefined
      : {
          qualifiers: {
            precision: { i32Value: column.precision },
            scale: { i32Value: column.scale ?? 0 },
          },
        };
  return {
    columnName: column.name,
    position: index + 1,
    typeDesc: { types: [{ primitiveEntry: { type: T.TTypeId[column.typeId], typeQualifiers: qualifiers } }] },
  };
}

// ---- Names: Databricks backtick identifiers and JDBC-style patterns ----

/** Rewrites `backtick` identifiers as DuckDB "quoted" ones; string literals are copied as they are. */
function toDuckDbSql(sql: string): string {
  let out = '';
  for (let index = 0; index < sql.length; index += 1) {
    const char = sql[index];
    if (char === "'") {
      const end = sql.indexOf("'", index + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(index, stop);
      index = stop - 1;
    } else if (char === '`') {
      let name = '';
      for (index += 1; index < sql.length; index += 1) {
        if (sql[index] === '`') {
          if (sql[index + 1] !== '`') break;
          index += 1;
        }
        name += sql[index];
      }
      out += `"${name.replaceAll('"', '""')}"`;
    } else {
      out += char;
    }
  }
  return out;
}

/** Splits `a.b.c` where each part is bare or `quoted`. */
function nameParts(reference: string): string[] {
  const parts: string[] = [];
  const pattern = /\s*(?:`((?:[^`]|``)*)`|([A-Za-z_][\w$]*))\s*(\.|$)/y;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < reference.length && (match = pattern.exec(reference)) !== null) {
    parts.push(match[1] !== undefined ? match[1].replaceAll('``', '`') : (match[2] ?? '').toLowerCase());
    if (match[3] === '') break;
  }
  if (pattern.lastIndex !== reference.length || parts.length === 0) {
    throw sqlError('PARSE_SYNTAX_ERROR', '42601', `Syntax error at or near '${reference}'.`);
  }
  return parts;
}

/** A JDBC metadata pattern (`%`, `_`, backslash escapes) as a RegExp; null or empty matches all. */
function patternRegExp(pattern: string | null | undefined): RegExp {
  if (pattern === null || pattern === undefined || pattern === '' || pattern === '*') return /^/;
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] ?? '';
    if (char === '\\' && index + 1 < pattern.length) {
      index += 1;
      source += (pattern[index] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'i');
}

function handleKey(identifier: HandleIdentifier | undefined): string {
  return identifier ? Buffer.from(identifier.guid).toString('hex') : '';
}

function newHandleIdentifier(): HandleIdentifier {
  // The driver reads the guid as a UUID (version and variant bits included).
  return { guid: Buffer.from(randomUUID().replaceAll('-', ''), 'hex'), secret: randomBytes(16) };
}

// ---- The warehouse ----

class Warehouse {
  readonly calls: string[] = [];
  readonly statements: string[] = [];
  readonly sessions = new Map<string, PeerSession>();
  readonly operations = new Map<string, PeerOperation>();
  private readonly startedAt = new Date();

  constructor(
    private readonly database: DuckDBInstanceType,
    private readonly tables: DatabricksPeerTable[],
    private readonly hold: RegExp | undefined,
  ) {}

  private defaultCatalog(): string {
    return this.tables[0]?.catalog ?? 'workspace';
  }

  private session(request: SessionRequest): PeerSession | undefined {
    return this.sessions.get(handleKey(request.sessionHandle?.sessionId));
  }

  private operation(request: OperationRequest): PeerOperation | undefined {
    return this.operations.get(handleKey(request.operationHandle?.operationId));
  }

  private invalidHandle(): object {
    return { statusCode: T.TStatusCode.INVALID_HANDLE_STATUS, errorMessage: 'Invalid handle' };
  }

  /** The table a reference names, resolved against the session's current catalog and schema. */
  private async table(session: PeerSession, reference: string): Promise<DatabricksPeerTable> {
    const parts = nameParts(reference);
    const reader = await session.connection.runAndReadAll('SELECT current_catalog(), current_schema()');
    const [currentCatalog, currentSchema] = (reader.getRowsJson()[0] ?? []) as string[];
    const [catalog, schema, name] =
      parts.length === 3
        ? parts
        : parts.length === 2
          ? [currentCatalog, parts[0], parts[1]]
          : [currentCatalog, currentSchema, parts[0]];
    const found = this.tables.find(
      (table) =>
        table.catalog.toLowerCase() === catalog?.toLowerCase() &&
        table.schema.toLowerCase() === schema?.toLowerCase() &&
        table.name.toLowerCase() === name?.toLowerCase(),
    );
    if (!found) {
      throw sqlError(
        'TABLE_OR_VIEW_NOT_FOUND',
        '42P01',
        `The table or view \`${parts.join('`.`')}\` cannot be found. Verify the spelling and correctness of the schema and catalog.`,
      );
    }
    return found;
  }

  private async rowCount(session: PeerSession, table: DatabricksPeerTable): Promise<number> {
    const reader = await session.connection.runAndReadAll(
      `SELECT count(*)::INTEGER FROM "${table.catalog}"."${table.schema}"."${table.name}"`,
    );
    return Number(reader.getRowsJson()[0]?.[0] ?? 0);
  }

  private async describeDetail(session: PeerSession, reference: string): Promise<ResultSet> {
    const table = await this.table(session, reference);
    if (table.isView)
      throw sqlError(
        'EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE',
        '42809',
        `'DESCRIBE DETAIL' expects a table but \`${table.name}\` is a view.`,
      );
    const modified = (table.lastModified ?? this.startedAt).toISOString().replace('T', ' ').replace('Z', '');
    const created = this.startedAt.toISOString().replace('T', ' ').replace('Z', '');
    return {
      columns: [
        { name: 'format', typeId: 'STRING_TYPE' },
        { name: 'id', typeId: 'STRING_TYPE' },
        { name: 'name', typeId: 'STRING_TYPE' },
        { name: 'location', typeId: 'STRING_TYPE' },
        { name: 'createdAt', typeId: 'TIMESTAMP_TYPE' },
        { name: 'lastModified', typeId: 'TIMESTAMP_TYPE' },
        { name: 'numFiles', typeId: 'BIGINT_TYPE' },
        { name: 'sizeInBytes', typeId: 'BIGINT_TYPE' },
      ],
      rows: [
        [
          'delta',
          `${table.catalog}-${table.schema}-${table.name}`,
          `${table.catalog}.${table.schema}.${table.name}`,
          `s3://peer-bucket/${table.schema}/${table.name}`,
          created,
          modified,
          1,
          1024,
        ],
      ],
    };
  }

  private async describeExtended(session: PeerSession, reference: string): Promise<ResultSet> {
    const table = await this.table(session, reference);
    const rows: CellValue[][] = table.columns.map((column) => [column.name, column.type.toLowerCase(), null]);
    rows.push(
      ['', '', ''],
      ['# Detailed Table Information', '', ''],
      ['Catalog', table.catalog, ''],
      ['Database', table.schema, ''],
      ['Table', table.name, ''],
      ['Type', table.isView ? 'VIEW' : 'MANAGED', ''],
    );
    if (!table.isView)
      rows.push(
        ['Provider', 'delta', ''],
        ['Statistics', `1024 bytes, ${await this.rowCount(session, table)} rows`, ''],
      );
    return {
      columns: [
        { name: 'col_name', typeId: 'STRING_TYPE' },
        { name: 'data_type', typeId: 'STRING_TYPE' },
        { name: 'comment', typeId: 'STRING_TYPE' },
      ],
      rows,
    };
  }

  private async runInDuckDb(
    session: PeerSession,
    sql: string,
    parameters: SparkParameter[],
  ): Promise<ResultSet> {
    const values: DuckDBValue[] = [...parameters]
      .sort((a, b) => (a.ordinal ?? 0) - (b.ordinal ?? 0))
      .map((parameter) => {
        const value = parameter.value;
        if (!value || parameter.type === 'VOID') return null;
        if (value.booleanValue !== null && value.booleanValue !== undefined) return value.booleanValue;
        if (value.doubleValue !== null && value.doubleValue !== undefined) return value.doubleValue;
        const text = value.stringValue ?? null;
        if (text !== null && ['INTEGER', 'BIGINT', 'SMALLINT', 'TINYINT'].includes(parameter.type ?? ''))
          return BigInt(text);
        if (text !== null && ['DOUBLE', 'FLOAT', 'DECIMAL'].includes(parameter.type ?? ''))
          return Number(text);
        if (text !== null && parameter.type === 'BOOLEAN') return text === 'true';
        return text;
      });
    try {
      const reader = await session.connection.runAndReadAll(toDuckDbSql(sql), values);
      const names = reader.columnNames();
      const types = reader.columnTypes();
      return {
        columns: names.map((name, index) => resultColumnOf(name, types[index])),
        rows: reader.getRowsJson().map((row) => row.map(cellOf)),
      };
    } catch (error) {
      throw databricksFailureOf(error);
    }
  }

  private async evaluate(
    session: PeerSession,
    sql: string,
    parameters: SparkParameter[],
  ): Promise<ResultSet> {
    const text = sql.trim().replace(/;\s*$/, '');
    const detail = /^DESCRIBE\s+DETAIL\s+(.+)$/is.exec(text);
    if (detail) return this.describeDetail(session, detail[1] ?? '');
    const extended = /^DESCRIBE\s+(?:TABLE\s+)?EXTENDED\s+(.+)$/is.exec(text);
    if (extended) return this.describeExtended(session, extended[1] ?? '');
    return this.runInDuckDb(session, text, parameters);
  }

  private newOperation(type: number, timeoutSeconds: number): PeerOperation {
    const identifier = newHandleIdentifier();
    const operation: PeerOperation = {
      key: handleKey(identifier),
      handle: { operationId: identifier, operationType: type, hasResultSet: true },
      state: T.TOperationState.RUNNING_STATE,
      startedAt: Date.now(),
      timeoutSeconds,
      cursor: 0,
    };
    this.operations.set(operation.key, operation);
    return operation;
  }

  private settle(operation: PeerOperation, work: Promise<ResultSet>): void {
    work.then(
      (result) => {
        if (operation.state !== T.TOperationState.RUNNING_STATE) return;
        operation.result = result;
        operation.state = T.TOperationState.FINISHED_STATE;
      },
      (error: unknown) => {
        if (operation.state !== T.TOperationState.RUNNING_STATE) return;
        operation.failure =
          error instanceof SqlError
            ? error.failure
            : { errorClass: 'INTERNAL_ERROR', sqlState: 'XX000', message: '[INTERNAL_ERROR] peer failure' };
        operation.state = T.TOperationState.ERROR_STATE;
      },
    );
  }

  // ---- TCLIService handler methods (one argument: the processor treats a returned promise) ----

  async OpenSession(request: OpenSessionRequest): Promise<object> {
    this.calls.push('OpenSession');
    const identifier = newHandleIdentifier();
    const connection = await this.database.connect();
    const catalog = request.initialNamespace?.catalogName ?? this.defaultCatalog();
    const schema = request.initialNamespace?.schemaName ?? 'default';
    try {
      await connection.run(`USE "${catalog.replaceAll('"', '""')}"."${schema.replaceAll('"', '""')}"`);
    } catch {
      connection.closeSync();
      return struct('TOpenSessionResp', {
        status: {
          statusCode: T.TStatusCode.ERROR_STATUS,
          sqlState: '42704',
          errorMessage: `[NO_SUCH_CATALOG_EXCEPTION] Catalog or schema not found. SQLSTATE: 42704`,
        },
        serverProtocolVersion: T.TProtocolVersion.SPARK_CLI_SERVICE_PROTOCOL_V8,
      });
    }
    const timeout = Number(request.configuration?.['STATEMENT_TIMEOUT'] ?? 0);
    const session: PeerSession = {
      key: handleKey(identifier),
      connection,
      statementTimeoutSeconds: Number.isFinite(timeout) ? timeout : 0,
    };
    this.sessions.set(session.key, session);
    return struct('TOpenSessionResp', {
      status: success(),
      serverProtocolVersion: T.TProtocolVersion.SPARK_CLI_SERVICE_PROTOCOL_V8,
      sessionHandle: { sessionId: identifier },
      configuration: {},
      initialNamespace: { catalogName: catalog, schemaName: schema },
      canUseMultipleCatalogs: true,
    });
  }

  async CloseSession(request: SessionRequest): Promise<object> {
    this.calls.push('CloseSession');
    const session = this.session(request);
    if (!session) return struct('TCloseSessionResp', { status: this.invalidHandle() });
    this.sessions.delete(session.key);
    session.connection.closeSync();
    return struct('TCloseSessionResp', { status: success() });
  }

  async GetInfo(request: SessionRequest & { infoType: number }): Promise<object> {
    this.calls.push('GetInfo');
    if (!this.session(request))
      return struct('TGetInfoResp', { status: this.invalidHandle(), infoValue: {} });
    const values: Record<number, string> = {
      [T.TGetInfoType.CLI_DBMS_VER]: '3.0.0-dq-peer',
      [T.TGetInfoType.CLI_DBMS_NAME]: 'Spark SQL',
      [T.TGetInfoType.CLI_SERVER_NAME]: 'Spark SQL',
    };
    return struct('TGetInfoResp', {
      status: success(),
      infoValue: { stringValue: values[request.infoType] ?? '' },
    });
  }

  async ExecuteStatement(request: ExecuteStatementRequest): Promise<object> {
    this.calls.push('ExecuteStatement');
    const session = this.session(request);
    if (!session) return struct('TExecuteStatementResp', { status: this.invalidHandle() });
    this.statements.push(request.statement);
    const queryTimeout = request.queryTimeout ? request.queryTimeout.toNumber() : 0;
    const timeoutSeconds = queryTimeout > 0 ? queryTimeout : session.statementTimeoutSeconds;
    const operation = this.newOperation(T.TOperationType.EXECUTE_STATEMENT, timeoutSeconds);
    // A held statement never finishes by itself: only cancel, close or its timeout end it.
    if (!this.hold?.test(request.statement))
      this.settle(operation, this.evaluate(session, request.statement, request.parameters ?? []));
    return struct('TExecuteStatementResp', { status: success(), operationHandle: operation.handle });
  }

  async GetColumns(request: GetColumnsRequest): Promise<object> {
    this.calls.push('GetColumns');
    if (!this.session(request)) return struct('TGetColumnsResp', { status: this.invalidHandle() });
    const operation = this.newOperation(T.TOperationType.GET_COLUMNS, 0);
    const [catalog, schema, table, column] = [
      request.catalogName
        ? new RegExp(`^${request.catalogName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i')
        : /^/,
      patternRegExp(request.schemaName),
      patternRegExp(request.tableName),
      patternRegExp(request.columnName),
    ];
    const rows: CellValue[][] = [];
    for (const candidate of this.tables) {
      if (!catalog.test(candidate.catalog) || !schema.test(candidate.schema) || !table.test(candidate.name))
        continue;
      candidate.columns.forEach((definition, index) => {
        if (!column.test(definition.name)) return;
        const typeName = definition.type.toUpperCase();
        const nullable = definition.nullable !== false;
        rows.push([
          candidate.catalog,
          candidate.schema,
          candidate.name,
          definition.name,
          JDBC_TYPES[typeName.replace(/\(.*$/, '')] ?? 1111,
          typeName,
          nullable ? 1 : 0,
          index + 1,
          nullable ? 'YES' : 'NO',
        ]);
      });
    }
    operation.result = {
      columns: [
        { name: 'TABLE_CAT', typeId: 'STRING_TYPE' },
        { name: 'TABLE_SCHEM', typeId: 'STRING_TYPE' },
        { name: 'TABLE_NAME', typeId: 'STRING_TYPE' },
        { name: 'COLUMN_NAME', typeId: 'STRING_TYPE' },
        { name: 'DATA_TYPE', typeId: 'INT_TYPE' },
        { name: 'TYPE_NAME', typeId: 'STRING_TYPE' },
        { name: 'NULLABLE', typeId: 'INT_TYPE' },
        { name: 'ORDINAL_POSITION', typeId: 'INT_TYPE' },
        { name: 'IS_NULLABLE', typeId: 'STRING_TYPE' },
      ],
      rows,
    };
    operation.state = T.TOperationState.FINISHED_STATE;
    return struct('TGetColumnsResp', { status: success(), operationHandle: operation.handle });
  }

  async GetOperationStatus(request: OperationRequest): Promise<object> {
    this.calls.push('GetOperationStatus');
    const operation = this.operation(request);
    if (!operation) return struct('TGetOperationStatusResp', { status: this.invalidHandle() });
    const elapsedSeconds = (Date.now() - operation.startedAt) / 1000;
    if (
      operation.state === T.TOperationState.RUNNING_STATE &&
      operation.timeoutSeconds > 0 &&
      elapsedSeconds >= operation.timeoutSeconds
    ) {
      operation.state = T.TOperationState.TIMEDOUT_STATE;
    }
    const failure = operation.failure;
    return struct('TGetOperationStatusResp', {
      status: success(),
      operationState: operation.state,
      hasResultSet: true,
      ...(failure
        ? {
            sqlState: failure.sqlState,
            errorMessage: failure.message,
            displayMessage: failure.message,
            errorDetailsJson: JSON.stringify({ errorClass: failure.errorClass, sqlState: failure.sqlState }),
          }
        : {}),
    });
  }

  async GetResultSetMetadata(request: OperationRequest): Promise<object> {
    this.calls.push('GetResultSetMetadata');
    const operation = this.operation(request);
    if (!operation?.result) return struct('TGetResultSetMetadataResp', { status: this.invalidHandle() });
    return struct('TGetResultSetMetadataResp', {
      status: success(),
      schema: { columns: operation.result.columns.map(columnDescriptor) },
      resultFormat: T.TSparkRowSetType.COLUMN_BASED_SET,
      lz4Compressed: false,
    });
  }

  async FetchResults(request: FetchResultsRequest): Promise<object> {
    this.calls.push('FetchResults');
    const operation = this.operation(request);
    if (!operation?.result) return struct('TFetchResultsResp', { status: this.invalidHandle() });
    if (request.orientation === T.TFetchOrientation.FETCH_FIRST) operation.cursor = 0;
    const requested = request.maxRows;
    const maxRows = typeof requested === 'number' ? requested : (requested?.toNumber() ?? 10_000);
    const { columns, rows } = operation.result;
    const slice = rows.slice(operation.cursor, operation.cursor + Math.max(1, maxRows));
    operation.cursor += slice.length;
    return struct('TFetchResultsResp', {
      status: success(),
      hasMoreRows: operation.cursor < rows.length,
      results: {
        startRowOffset: operation.cursor - slice.length,
        rows: [],
        columns: columns.map((column, index) =>
          thriftColumn(
            column,
            slice.map((row) => row[index] ?? null),
          ),
        ),
      },
    });
  }

  async CancelOperation(request: OperationRequest): Promise<object> {
    this.calls.push('CancelOperation');
    const operation = this.operation(request);
    if (!operation) return struct('TCancelOperationResp', { status: this.invalidHandle() });
    if (operation.state === T.TOperationState.RUNNING_STATE)
      operation.state = T.TOperationState.CANCELED_STATE;
    return struct('TCancelOperationResp', { status: success() });
  }

  async CloseOperation(request: OperationRequest): Promise<object> {
    this.calls.push('CloseOperation');
    const operation = this.operation(request);
    if (!operation) return struct('TCloseOperationResp', { status: this.invalidHandle() });
    operation.state = T.TOperationState.CLOSED_STATE;
    this.operations.delete(operation.key);
    return struct('TCloseOperationResp', { status: success() });
  }
}

/** A DuckDB error as Databricks would word it: error class, message, SQLSTATE. */
function databricksFailureOf(error: unknown): SqlError {
  const message = error instanceof Error ? error.message : String(error);
  // Under some runtimes (Jest's) the engine's text arrives prefixed with `Error: `.
  const firstLine = (message.split('\n')[0] ?? message).replace(/^Error:\s*/, '');
  if (/^Catalog Error: Table with name .* does not exist because schema/.test(firstLine))
    return sqlError('SCHEMA_NOT_FOUND', '42704', 'The schema cannot be found.');
  if (/^Catalog Error: (Table|Table Function) with name/.test(firstLine))
    return sqlError('TABLE_OR_VIEW_NOT_FOUND', '42P01', 'The table or view cannot be found.');
  if (/^Catalog Error: Schema with name/.test(firstLine))
    return sqlError('SCHEMA_NOT_FOUND', '42704', 'The schema cannot be found.');
  if (/^Parser Error/.test(firstLine)) return sqlError('PARSE_SYNTAX_ERROR', '42601', 'Syntax error.');
  if (/^Binder Error: Referenced column/.test(firstLine))
    return sqlError('UNRESOLVED_COLUMN.WITH_SUGGESTION', '42703', 'A column cannot be resolved.');
  if (/^Conversion Error|^Invalid Input Error|^Out of Range Error/.test(firstLine))
    return sqlError('CAST_INVALID_INPUT', '22018', 'A value cannot be cast.');
  return sqlError('INTERNAL_ERROR', 'XX000', firstLine);
}

async function loadTables(database: DuckDBInstanceType, tables: DatabricksPeerTable[]): Promise<void> {
  const connection = await database.connect();
  try {
    const catalogs = new Set(tables.map((table) => table.catalog));
    for (const catalog of catalogs) {
      await connection.run(`ATTACH ':memory:' AS "${catalog}"`);
      await connection.run(`CREATE SCHEMA IF NOT EXISTS "${catalog}"."default"`);
    }
    for (const table of tables) {
      const name = `"${table.catalog}"."${table.schema}"."${table.name}"`;
      await connection.run(`CREATE SCHEMA IF NOT EXISTS "${table.catalog}"."${table.schema}"`);
      const columns = table.columns.map(
        (column) =>
          `"${column.name}" ${duckTypeOf(column.type)}${column.nullable === false ? ' NOT NULL' : ''}`,
      );
      await connection.run(`CREATE TABLE ${name} (${columns.join(', ')})`);
      const placeholders = table.columns.map((column) => `?::${duckTypeOf(column.type)}`).join(', ');
      for (const row of table.rows) await connection.run(`INSERT INTO ${name} VALUES (${placeholders})`, row);
    }
  } finally {
    connection.closeSync();
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startDatabricksSqlPeer(options: DatabricksSqlPeerOptions): Promise<DatabricksSqlPeer> {
  const database = await DuckDBInstance.create(':memory:');
  await loadTables(database, options.tables);
  const warehouse = new Warehouse(database, options.tables, options.holdStatementsMatching);
  const processor = new service.Processor(warehouse);
  const httpPath = options.httpPath ?? `/sql/1.0/warehouses/${randomBytes(8).toString('hex')}`;
  const withoutAccess = new Set(options.tokensWithoutAccess ?? []);
  const strayRequests: string[] = [];

  const refuse = (response: ServerResponse, status: number, reason: string): void => {
    response.writeHead(status, { 'x-databricks-reason-phrase': reason, 'content-type': 'text/plain' });
    response.end(reason);
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      if (request.method !== 'POST' || request.url !== httpPath) {
        strayRequests.push(`${request.method ?? '?'} ${request.url ?? '?'}`);
        response.writeHead(404).end();
        return;
      }
      // As the workspace front door does: the token is checked before any Thrift is read.
      const authorization = request.headers.authorization ?? '';
      const token = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
      if (token === undefined)
        return refuse(response, 401, 'Credential was not sent or was of an unsupported type.');
      if (withoutAccess.has(token))
        return refuse(response, 403, 'PERMISSION_DENIED: User does not have CAN_USE on the SQL warehouse.');
      if (token !== options.token) return refuse(response, 401, 'Invalid access token.');
      thriftRuntime.TBufferedTransport.receiver((transport) => {
        const input = new thriftRuntime.TBinaryProtocol(transport);
        const output = new thriftRuntime.TBinaryProtocol(
          new thriftRuntime.TBufferedTransport(undefined, (message) => {
            response.writeHead(200, { 'content-type': 'application/x-thrift' });
            response.end(message);
          }),
        );
        processor.process(input, output);
      })(body);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    workspaceUrl: `http://127.0.0.1:${port}`,
    httpPath,
    port,
    calls: warehouse.calls,
    statements: warehouse.statements,
    strayRequests,
    openSessions: () => warehouse.sessions.size,
    runningOperations: () =>
      [...warehouse.operations.values()].filter((op) => op.state === T.TOperationState.RUNNING_STATE).length,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of warehouse.sessions.values()) session.connection.closeSync();
      warehouse.sessions.clear();
      database.closeSync();
    },
  };
}
