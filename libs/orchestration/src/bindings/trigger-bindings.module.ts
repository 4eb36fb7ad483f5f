import { Module } from '@nestjs/common';
import { SuiteAccessService } from '@dq/suites';
import { NearMissesService } from './near-misses.service';
import { TriggerBindingsService } from './trigger-bindings.service';

/** Trigger bindings and near-misses as the gateways serve them. Needs the app's global DataSource and AuditLog. */
@Module({
  providers: [SuiteAccessService, TriggerBindingsService, NearMissesService],
  exports: [TriggerBindingsService, NearMissesService],
})
export class TriggerBindingsModule {}
