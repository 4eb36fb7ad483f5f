/**
 * Every error code the service answers with, in the spec's envelope `{error:{code,message,detail}}`.
 * The HTTP status that goes with each code is fixed here so REST and MCP map them alike.
 */
export const ErrorCode = {
  Unauthenticated: 'unauthenticated',
  Forbidden: 'forbidden',
  NotAMember: 'not_a_member',
  NotFound: 'not_found',
  RouteNotFound: 'route_not_found',
  MethodNotAllowed: 'method_not_allowed',
  Conflict: 'conflict',
  LastAdmin: 'last_admin',
  ChannelInUse: 'channel_in_use',
  /** A connection that suites still read (their target or a comparison's baseline) is not deleted. */
  ConnectionInUse: 'connection_in_use',
  /** A user already holds API_KEY_MAX_LIVE live API keys. */
  ApiKeyLimit: 'api_key_limit',
  /** Suite names are unique in the workspace. */
  SuiteNameTaken: 'suite_name_taken',
  /** Custom SQL or a query projection on a connection whose role holds dangerous privileges. */
  ConnectionPrivileged: 'connection_privileged',
  ValidationFailed: 'validation_failed',
  InvalidJson: 'invalid_json',
  ConfirmSelfRequired: 'confirm_self_required',
  CredentialRedirect: 'credential_redirect',
  ChannelCredentialRedirect: 'channel_credential_redirect',
  UrlForbidden: 'url_forbidden',
  PayloadTooLarge: 'payload_too_large',
  /** Node's parser refused the request's headers as too large (its `--max-http-header-size`). */
  HeadersTooLarge: 'headers_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  RateLimited: 'rate_limited',
  /** The sign-in code limits: `retry_after_seconds` is the true wait until the window frees a request. */
  SignInCodeLimited: 'sign_in_code_limited',
  DatasourceUnreachable: 'datasource_unreachable',
  /** The datasource answered but refused us (credential, grant) or failed the work: 502. */
  DatasourceFailed: 'datasource_failed',
  /** Interactive work ran past its deadline; the statement was cancelled at the datasource: 504. */
  DatasourceTimeout: 'datasource_timeout',
  ServiceUnavailable: 'service_unavailable',
  InternalError: 'internal_error',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_a_member: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  last_admin: 409,
  channel_in_use: 409,
  connection_in_use: 409,
  api_key_limit: 409,
  suite_name_taken: 409,
  validation_failed: 422,
  connection_privileged: 422,
  invalid_json: 422,
  confirm_self_required: 422,
  credential_redirect: 422,
  channel_credential_redirect: 422,
  url_forbidden: 422,
  payload_too_large: 413,
  headers_too_large: 431,
  unsupported_media_type: 415,
  rate_limited: 429,
  sign_in_code_limited: 429,
  datasource_unreachable: 502,
  datasource_failed: 502,
  datasource_timeout: 504,
  service_unavailable: 503,
  internal_error: 500,
};

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  detail: Record<string, unknown>;
}

/** The spec's error envelope. */
export interface ErrorEnvelope {
  error: ErrorBody;
}

/** One offending field of a 422 `validation_failed`, as carried in `detail.fields`. */
export interface FieldViolation {
  /** Dotted path of the field in the request body or query, e.g. `thresholds.warn`. */
  field: string;
  /** What is wrong with it, one sentence per broken rule. */
  problems: string[];
}
