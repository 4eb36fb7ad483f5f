import { type DynamicModule, Global, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { RATE_LIMIT_OPTIONS, RateLimiter } from './rate-limiter.service';
import { type RateLimitOptions, resolveRateLimitOptions } from './rate-limit.options';

export interface RateLimitModuleAsyncOptions {
  imports?: DynamicModule['imports'];
  inject?: (string | symbol | (abstract new (...args: never[]) => unknown))[];
  useFactory: (...args: never[]) => RateLimitOptions | Promise<RateLimitOptions>;
}

/** The limiter's own connection: commands fail fast while Redis is away, so the fallback is immediate. */
function connectByUrl(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    // Closing while Redis is away arms a timer of this length on the dead socket that nothing clears:
    // keep it short so shutdown is not held up.
    disconnectTimeout: 200,
    connectionName: 'dq-rate-limit',
  });
}

/** Provides `RateLimiter` app-wide. */
@Global()
@Module({})
export class RateLimitModule {
  static forRoot(options: RateLimitOptions): DynamicModule {
    return RateLimitModule.build({
      provide: RATE_LIMIT_OPTIONS,
      useFactory: () => resolveRateLimitOptions(options, connectByUrl),
    });
  }

  /** For options built from another provider (the gateway's typed config). */
  static forRootAsync(options: RateLimitModuleAsyncOptions): DynamicModule {
    return {
      ...RateLimitModule.build({
        provide: RATE_LIMIT_OPTIONS,
        inject: options.inject ?? [],
        useFactory: async (...args: never[]) =>
          resolveRateLimitOptions(await options.useFactory(...args), connectByUrl),
      }),
      imports: options.imports ?? [],
    };
  }

  private static build(optionsProvider: NonNullable<DynamicModule['providers']>[number]): DynamicModule {
    return {
      module: RateLimitModule,
      global: true,
      providers: [optionsProvider, RateLimiter],
      exports: [RateLimiter],
    };
  }
}
