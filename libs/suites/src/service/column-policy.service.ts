import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError,
  ErrorCode,
  type PutColumnPolicyRequest,
  SuiteAuditAction,
  SuiteGrant,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { parseColumnPolicy, type SamplePolicy as ColumnPolicy } from '@dq/check-engine';
import { SuiteAccessService } from '../access/suite-access.service';
import { type Actor } from '@dq/auth';

/**
 * A suite's failing-sample redaction policy (spec rule 9). Anyone who sees the suite may read it;
 * only its owner or a workspace admin may set it, since loosening it reveals data to every viewer.
 */
@Injectable()
export class ColumnPolicyService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
  ) {}

  async get(actor: Actor, suiteId: string): Promise<ColumnPolicy> {
    const { suite } = await this.access.require(actor, suiteId, SuiteGrant.View);
    return parseColumnPolicy(suite.columnPolicy);
  }

  async put(actor: Actor, suiteId: string, input: PutColumnPolicyRequest): Promise<ColumnPolicy> {
    let policy: ColumnPolicy;
    try {
      policy = parseColumnPolicy(input);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {});
    }
    return this.dataSource.transaction(async (manager) => {
      const { suite } = await this.access.require(actor, suiteId, SuiteGrant.Admin, manager, true);
      suite.columnPolicy = policy as unknown as Record<string, unknown>;
      await manager.save(suite);
      await this.audit.record(
        {
          action: SuiteAuditAction.ColumnPolicySet,
          actor_user_id: actor.user.id,
          actor_credential: actor.credential,
          target_type: 'suite',
          target_id: suite.id,
          detail: { columns: Object.keys(policy.columns).length },
        },
        manager,
      );
      return policy;
    });
  }
}
