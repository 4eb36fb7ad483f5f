import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

const looksLikeStack = (value: unknown): value is string =>
  typeof value === 'string' && /\n\s+at /.test(value);

/** Nest's own logs (bootstrap, route mapping, lifecycle errors) as JSON lines through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    // Nest calls error(message, stack?, context?).
    const stack = looksLikeStack(params[0]) ? params.shift() : undefined;
    this.write('error', message, params, stack);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[], stack?: unknown): void {
    // A line below the level costs nothing: its fields are not even gathered.
    if (!this.logger.isLevelEnabled(level)) return;
    // The last string parameter is Nest's context (the class that logged).
    const context = typeof params[params.length - 1] === 'string' ? params[params.length - 1] : undefined;
    const fields: Record<string, unknown> = {};
    if (context !== undefined) fields.context = context;
    if (stack !== undefined) fields.stack = stack;
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (message !== null && typeof message === 'object') {
      this.logger[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
