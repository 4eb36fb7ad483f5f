/**
 * Structurally the same as the platform library's `ReadinessProbe`: `check()` resolves when the
 * dependency is usable and throws (saying why) when it is not. Declared here so messaging does not
 * depend on platform; TypeScript's structural typing lets the probes register there unchanged.
 */
export interface ReadinessProbe {
  readonly name: string;
  check(): Promise<void>;
}

/** Rejects after `ms` unless `work` settles first; a probe must answer even when a peer hangs. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
