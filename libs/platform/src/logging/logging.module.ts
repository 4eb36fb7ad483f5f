import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';

/** Injection token of the service's pino logger: `@Inject(LOGGER) logger: Logger`. */
export const LOGGER = Symbol('dq:logger');

/** Shares the service's one logger with every module (libraries log through it, never console). */
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      providers: [{ provide: LOGGER, useValue: logger }],
      exports: [LOGGER],
    };
  }
}
