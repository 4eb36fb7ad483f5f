import { Injectable } from '@nestjs/common';
import { classifyProbeError, ProbeTimeoutError, type ReadinessProbe } from './readiness-probe';

export const DEFAULT_PROBE_TIMEOUT_MS = 2000;

export type ProbeResult = { status: 'up' } | { status: 'down'; error: string };

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, ProbeResult>;
}

/**
 * Where libraries register their probes at runtime (in onModuleInit): Nest has no multi-providers,
 * so a registry stands in for them.
 */
@Injectable()
export class ReadinessRegistry {
  private readonly probes = new Map<string, ReadinessProbe>();
  private timeoutMs = DEFAULT_PROBE_TIMEOUT_MS;

  /** Adds a probe (replacing one of the same name). Returns an unregister. */
  register(probe: ReadinessProbe): () => void {
    this.probes.set(probe.name, probe);
    return () => {
      if (this.probes.get(probe.name) === probe) this.probes.delete(probe.name);
    };
  }

  setTimeout(timeoutMs: number): void {
    this.timeoutMs = timeoutMs;
  }

  names(): string[] {
    return [...this.probes.keys()];
  }

  /** Runs every probe concurrently, each bounded by the timeout. */
  async check(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.probes.values()].map(async (probe): Promise<[string, ProbeResult]> => {
        try {
          await withTimeout(probe.check(), this.timeoutMs);
          return [probe.name, { status: 'up' }];
        } catch (error: unknown) {
          return [probe.name, { status: 'down', error: classifyProbeError(error) }];
        }
      }),
    );
    return {
      ready: entries.every(([, result]) => result.status === 'up'),
      checks: Object.fromEntries(entries),
    };
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
