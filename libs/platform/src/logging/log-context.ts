import { AsyncLocalStorage } from 'node:async_hooks';

/** Fields every log line written inside a request, job or message handling carries. */
export interface LogContext {
  request_id?: string;
  job_id?: string;
  [field: string]: string | number | boolean | undefined;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `context` merged over the current one; every log line inside carries its fields. */
export function runWithLogContext<R>(context: LogContext, fn: () => R): R {
  return storage.run({ ...storage.getStore(), ...context }, fn);
}

/** The fields in force here (empty outside any context). */
export function currentLogContext(): Readonly<LogContext> {
  return storage.getStore() ?? {};
}
