import { Global, Module } from '@nestjs/common';
import { AuditLog } from './log/audit-log.service';

/** Provides `AuditLog` app-wide. Needs the `DataSource` from `DbModule` (global). */
@Global()
@Module({ providers: [AuditLog], exports: [AuditLog] })
export class AuditModule {}
