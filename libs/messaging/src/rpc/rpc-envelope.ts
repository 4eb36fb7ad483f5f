import { type ErrorBody } from '@dq/contracts';

/**
 * What travels back on an RPC reply subject: the handler's result under `data`, or the spec's error
 * body under `error` (code and message, never a stack). The wrapper keeps a result that happens to
 * have an `error` field unambiguous.
 */
export type RpcReply<Res> = { data: Res } | { error: ErrorBody };
