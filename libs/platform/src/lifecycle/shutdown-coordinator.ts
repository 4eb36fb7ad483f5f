import { Injectable, type INestApplication, type OnApplicationShutdown } from '@nestjs/common';
import type { Server } from 'node:http';
import type { Logger } from 'pino';

export type ShutdownHook = () => Promise<void> | void;

export interface ShutdownInstallOptions {
  /** Budget for the whole drain; past it the process logs and exits 1. */
  timeoutMs: number;
  logger: Logger;
  /** Signals to own. Default SIGTERM and SIGINT. */
  signals?: readonly NodeJS.Signals[];
  /** How to end the process (tests substitute it). Default `process.exit`. */
  exit?: (code: number) => void;
}

interface RegisteredHook {
  name: string;
  fn: ShutdownHook;
  order: number;
  seq: number;
}

/**
 * Orchestrates a graceful stop: readiness flips to 503, the HTTP server stops accepting, hooks run
 * in order (workers stop taking work and finish or hand back what they hold), the Nest app closes,
 * then the process exits 0. Over the budget it exits 1; a second signal forces the exit.
 */
@Injectable()
export class ShutdownCoordinator implements OnApplicationShutdown {
  private shuttingDown = false;
  private readonly hooks: RegisteredHook[] = [];
  private seq = 0;
  private app?: INestApplication;
  private options?: ShutdownInstallOptions;
  private readonly signalListeners = new Map<NodeJS.Signals, () => void>();
  private running?: Promise<number>;

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** Runs `fn` during shutdown; lower `order` first, equal orders in registration order. Returns an unregister. */
  onShutdown(name: string, fn: ShutdownHook, order = 0): () => void {
    const hook = { name, fn, order, seq: this.seq++ };
    this.hooks.push(hook);
    return () => {
      const index = this.hooks.indexOf(hook);
      if (index >= 0) this.hooks.splice(index, 1);
    };
  }

  /** Takes ownership of the app's stop: listens for the signals and remembers what to close. */
  install(app: INestApplication, options: ShutdownInstallOptions): void {
    this.app = app;
    this.options = options;
    for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) {
      const listener = (): void => this.onSignal(signal);
      this.signalListeners.set(signal, listener);
      process.on(signal, listener);
    }
  }

  /** An app closed directly (tests, alternative entry points) releases the signals. */
  onApplicationShutdown(): void {
    if (!this.running) this.uninstall();
  }

  /** Stops listening for signals. */
  uninstall(): void {
    for (const [signal, listener] of this.signalListeners) process.off(signal, listener);
    this.signalListeners.clear();
  }

  /**
   * Drains and closes; resolves with the exit code (0 when every step succeeded) without exiting.
   * Idempotent: a second call returns the same drain.
   */
  shutdown(reason: string): Promise<number> {
    this.running ??= this.drain(reason);
    return this.running;
  }

  private onSignal(signal: NodeJS.Signals): void {
    const { logger, exit = (code: number) => process.exit(code), timeoutMs } = this.requireInstalled();
    if (this.running) {
      logger.warn({ signal }, 'second shutdown signal: forcing exit');
      exit(1);
      return;
    }
    const timer = setTimeout(() => {
      logger.error({ signal, timeout_ms: timeoutMs }, 'graceful shutdown exceeded its budget: forcing exit');
      exit(1);
    }, timeoutMs);
    void this.shutdown(signal).then((code) => {
      clearTimeout(timer);
      exit(code);
    });
  }

  private async drain(reason: string): Promise<number> {
    this.shuttingDown = true;
    const logger = this.options?.logger;
    logger?.info({ reason }, 'shutting down');
    let code = 0;
    const serverClosed = this.stopAccepting();
    const ordered = [...this.hooks].sort((a, b) => a.order - b.order || a.seq - b.seq);
    for (const hook of ordered) {
      try {
        await hook.fn();
        logger?.info({ hook: hook.name }, 'shutdown hook done');
      } catch (error: unknown) {
        code = 1;
        logger?.error({ err: error, hook: hook.name }, 'shutdown hook failed');
      }
    }
    await serverClosed;
    try {
      await this.app?.close();
    } catch (error: unknown) {
      code = 1;
      logger?.error({ err: error }, 'closing the application failed');
    }
    // Signals stay ours until here, so a second one during the drain still forces the exit.
    this.uninstall();
    logger?.info({ exit_code: code }, 'shutdown complete');
    return code;
  }

  /** Closes the listening socket: no new connections; idle keep-alive ones are dropped. */
  private stopAccepting(): Promise<void> {
    const server = this.app?.getHttpServer() as Server | undefined;
    if (!server?.listening) return Promise.resolve();
    return new Promise((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  }

  private requireInstalled(): ShutdownInstallOptions {
    if (!this.options) throw new Error('ShutdownCoordinator.install() was not called');
    return this.options;
  }
}
