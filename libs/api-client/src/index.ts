export { type ApiClient, type ApiClientOptions, createApiClient } from './api-client';
export {
  ApiError,
  type ApiErrorCode,
  type ApiResult,
  type ErrorEnvelope,
  UNKNOWN_ERROR_CODE,
  apiErrorOf,
  dataOf,
  errorOf,
} from './api-error';
export type { components, operations, paths } from './generated/openapi';
