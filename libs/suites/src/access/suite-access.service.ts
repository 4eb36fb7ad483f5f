import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type ShareGrant, type SuiteGrant } from '@dq/contracts';
import { requireSuiteGrant, suiteGrantFor, suiteNotFoundError } from '@dq/auth';
import { SuiteEntity, SuiteShareEntity } from '@dq/db';
import { type SuiteActor } from './suite-actor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A suite the caller may act on, with the grant that allowed it. */
export interface AccessibleSuite {
  suite: SuiteEntity;
  grant: SuiteGrant;
}

/**
 * Every suite read or write starts here: a suite that does not exist and one the caller may not see
 * answer the same 404; one they see but may not change answers 403. REST and MCP share it.
 */
@Injectable()
export class SuiteAccessService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The suite with the caller's grant, when it is at least `needed`; `lock` for writes. One statement. */
  async require(
    actor: SuiteActor,
    suiteId: string,
    needed: SuiteGrant,
    manager: EntityManager = this.dataSource.manager,
    lock = false,
  ): Promise<AccessibleSuite> {
    if (!UUID.test(suiteId)) throw suiteNotFoundError();
    // The suite and the caller's own share (the only one the policy reads) in one statement; a
    // write locks the suite row only (the share is the nullable side of the join).
    const query = manager
      .getRepository(SuiteEntity)
      .createQueryBuilder('suite')
      .leftJoin(SuiteShareEntity, 'share', 'share.suite_id = suite.id AND share.user_id = :me', {
        me: actor.user.id,
      })
      .addSelect('share.grant', 'my_grant')
      .where('suite.id = :suiteId', { suiteId });
    if (lock) query.setLock('pessimistic_write', undefined, ['suite']);
    const { entities, raw } = await query.getRawAndEntities<{ my_grant: ShareGrant | null }>();
    const suite = entities[0];
    if (suite === undefined) throw suiteNotFoundError();
    const shared = raw[0]?.my_grant ?? null;
    const shares = shared === null ? [] : [{ userId: actor.user.id, grant: shared }];
    const grant = requireSuiteGrant(actor.user, { ownerId: suite.ownerId, shares }, needed);
    return { suite, grant };
  }

  /** Every suite the caller can see, with their grant on each, by name; one statement. */
  async visible(actor: SuiteActor): Promise<AccessibleSuite[]> {
    const me = actor.user.id;
    // The caller's own share rides along (a share is keyed by suite and user: at most one row).
    const query = this.dataSource
      .getRepository(SuiteEntity)
      .createQueryBuilder('suite')
      .leftJoin(SuiteShareEntity, 'share', 'share.suite_id = suite.id AND share.user_id = :me', { me })
      .addSelect('share.grant', 'my_grant')
      .orderBy('suite.name', 'ASC')
      .addOrderBy('suite.id', 'ASC');
    // Only what the caller may see is read at all; the policy below still decides the grant.
    if (!actor.user.is_workspace_admin)
      query.where('(suite.owner_id = :me OR share.user_id IS NOT NULL)', { me });
    const { entities, raw } = await query.getRawAndEntities<{
      suite_id: string;
      my_grant: ShareGrant | null;
    }>();
    const grantOf = new Map(raw.map((row) => [row.suite_id, row.my_grant]));
    const visible: AccessibleSuite[] = [];
    for (const suite of entities) {
      const shared = grantOf.get(suite.id) ?? null;
      const shares = shared === null ? [] : [{ userId: me, grant: shared }];
      const grant = suiteGrantFor(actor.user, { ownerId: suite.ownerId, shares });
      if (grant !== null) visible.push({ suite, grant });
    }
    return visible;
  }
}
