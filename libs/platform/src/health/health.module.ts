import { type DynamicModule, Module } from '@nestjs/common';
import { LifecycleModule } from '../lifecycle/lifecycle.module';
import { HEALTH_SERVICE_NAME, HealthController } from './health.controller';
import { DEFAULT_PROBE_TIMEOUT_MS, ReadinessRegistry } from './readiness-registry';

export interface HealthModuleOptions {
  service: string;
  /** Per-probe budget on /readyz. Default 2000 ms. */
  probeTimeoutMs?: number;
}

/** `GET /healthz` and `GET /readyz`, and the ReadinessRegistry every library registers its probes with. */
@Module({})
export class HealthModule {
  static forRoot(options: HealthModuleOptions): DynamicModule {
    return {
      module: HealthModule,
      global: true,
      imports: [LifecycleModule],
      controllers: [HealthController],
      providers: [
        { provide: HEALTH_SERVICE_NAME, useValue: options.service },
        {
          provide: ReadinessRegistry,
          useFactory: () => {
            const registry = new ReadinessRegistry();
            registry.setTimeout(options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS);
            return registry;
          },
        },
      ],
      exports: [ReadinessRegistry],
    };
  }
}
