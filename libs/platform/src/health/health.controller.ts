import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { instanceId } from '../bootstrap/instance-id';
import { ShutdownCoordinator } from '../lifecycle/shutdown-coordinator';
import { Unguarded } from '../http/unguarded.decorator';
import { ReadinessRegistry, type ProbeResult } from './readiness-registry';

export const HEALTH_SERVICE_NAME = Symbol('dq:health:service-name');

export class LivenessBody {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiProperty()
  service!: string;

  @ApiProperty()
  instance_id!: string;
}

/** A readiness answer, described once for OpenAPI; `ReadinessBody` is its exact type. */
class ReadinessView {
  @ApiProperty({ enum: ['ready', 'not_ready', 'shutting_down'] })
  status!: string;

  @ApiProperty({
    required: false,
    type: Object,
    additionalProperties: {
      type: 'object',
      properties: { status: { type: 'string', enum: ['up', 'down'] }, error: { type: 'string' } },
    },
    description: 'Each dependency probed, absent while shutting down',
  })
  checks?: Record<string, ProbeResult>;
}

export type ReadinessBody =
  | { status: 'ready'; checks: Record<string, ProbeResult> }
  | { status: 'not_ready'; checks: Record<string, ProbeResult> }
  | { status: 'shutting_down' };

/** Liveness and readiness for orchestrators and the gateway; outside any global prefix. */
@Unguarded()
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(HEALTH_SERVICE_NAME) private readonly service: string,
    private readonly registry: ReadinessRegistry,
    private readonly shutdown: ShutdownCoordinator,
  ) {}

  @Get('healthz')
  @ApiOperation({ operationId: 'get_liveness' })
  @ApiOkResponse({ type: LivenessBody })
  healthz(): LivenessBody {
    return { status: 'ok', service: this.service, instance_id: instanceId() };
  }

  @Get('readyz')
  @ApiOperation({ operationId: 'get_readiness' })
  @ApiOkResponse({ type: ReadinessView })
  @ApiServiceUnavailableResponse({ description: 'Not ready, or shutting down', type: ReadinessView })
  async readyz(@Res({ passthrough: true }) res: Response): Promise<ReadinessBody> {
    if (this.shutdown.isShuttingDown) {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'shutting_down' };
    }
    const report = await this.registry.check();
    // A drain may have begun while the probes ran.
    if (this.shutdown.isShuttingDown) {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'shutting_down' };
    }
    res.status(report.ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    res.setHeader('Cache-Control', 'no-store');
    return report.ready
      ? { status: 'ready', checks: report.checks }
      : { status: 'not_ready', checks: report.checks };
  }
}
