import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SecretSweepReport } from '@dq/contracts';
import { CurrentPrincipal, type Principal, RequireCapability, WorkspaceCapability, actorOf } from '@dq/auth';
import { SecretSweepService } from '@dq/orchestration';

/** `/admin/secret-sweep`: the orphan-secret sweep's last report, and a run now. Admins only. */
@ApiTags('admin')
@Controller('admin/secret-sweep')
@RequireCapability(WorkspaceCapability.AdminArea)
export class SecretSweepController {
  constructor(private readonly sweep: SecretSweepService) {}

  @Get()
  @ApiOkResponse({ type: SecretSweepReport })
  @ApiOperation({ operationId: 'get_secret_sweep' })
  lastReport(): Promise<SecretSweepReport> {
    return this.sweep.lastReport();
  }

  @Post('run')
  @HttpCode(200)
  @ApiOkResponse({ type: SecretSweepReport })
  @ApiOperation({ operationId: 'run_secret_sweep' })
  run(@CurrentPrincipal() principal: Principal): Promise<SecretSweepReport> {
    return this.sweep.runNow(actorOf(principal));
  }
}
