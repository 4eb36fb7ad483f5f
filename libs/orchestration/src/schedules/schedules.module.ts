import { Module } from '@nestjs/common';
import { SuitesModule } from '@dq/suites';
import { SchedulesService } from './schedules.service';

/**
 * The schedules API of the gateways (REST and MCP). Needs the app's DataSource and AuditLog; the
 * scheduler's ticker reads the same table through its own providers.
 */
@Module({
  imports: [SuitesModule],
  providers: [SchedulesService],
  exports: [SchedulesService],
})
export class SchedulesModule {}
