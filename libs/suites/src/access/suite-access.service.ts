import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type ShareGrant, type SuiteGrant, type SuiteListQuery } from '@dq/contracts';
import {
  requireSuiteGrant,
  suiteGrantFor,
  suiteNotFoundError,
  suiteVisibilitySql,
  type Actor,
} from '@dq/auth';
import { KeysetPage, type KeysetOrder, SqlParams, containsPattern, entityOfRow, preparedQuery } from '@dq/db';
import { CheckEntity, SuiteEntity, SuiteShareEntity } from '../entities';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The enabled checks of the suite `s`, oldest first, as a JSON array of check rows holding the
 * columns a run's plan freezes: definition, version and baseline.
 */
const ENABLED_CHECKS_JSON_SQL = `coalesce((
           SELECT json_agg(json_build_object(
               'id', c."id", 'suite_id', c."suite_id", 'name', c."name", 'description', c."description",
               'kind', c."kind", 'engine', c."engine", 'dimension', c."dimension",
               'thresholds', c."thresholds", 'config', c."config", 'enabled', c."enabled",
               'version', c."version", 'baseline', c."baseline")
             ORDER BY c."created_at" ASC, c."id" ASC)
             FROM "checks" c WHERE c."suite_id" = s."id" AND c."enabled"), '[]')`;

/** A suite the caller may act on, with the grant that allowed it. */
export interface AccessibleSuite {
  suite: SuiteEntity;
  grant: SuiteGrant;
}

/** One page of the suites a caller can see, and how many of them match the filters in all. */
export interface AccessibleSuitePage {
  suites: AccessibleSuite[];
  next_cursor: string | null;
  total: number;
}

/** Suites by name (unique in the workspace), then id. */
const SUITES_BY_NAME: KeysetOrder = {
  scope: 'suites',
  direction: 'ASC',
  columns: [
    { sql: 's."name"', type: 'text' },
    { sql: 's."id"', type: 'uuid' },
  ],
};

/**
 * The ids of the suites a caller who is not a workspace admin can see, as SQL (the user id is the
 * parameter `me`): the visibility rules' condition with the admin rule dropped, a share found by
 * `EXISTS`. The same set `visible` answers for such a caller; the integration spec holds both to
 * the same answer.
 */
export function visibleSuiteIdsSql(me: string): string {
  const visible = suiteVisibilitySql({
    ownerId: 's."owner_id"',
    me,
    isAdmin: null,
    holdsShare: `EXISTS (SELECT 1 FROM "suite_shares" sh WHERE sh."suite_id" = s."id" AND sh."user_id" = ${me})`,
  });
  return `SELECT s."id" FROM "suites" s WHERE ${visible}`;
}

/**
 * Whether the caller may see a suite at all, as SQL for a statement that joined the suite row
 * (`suite`) with the caller's own share of it (`share`, joined on suite and caller: null columns
 * when they hold none); `me` and `isAdmin` are SQL expressions. The visibility rules' condition, as
 * {@link requireSuiteGrantOf} then decides the grant: for a read that records itself in the same
 * statement.
 */
export function suiteVisibleSql(suite: string, share: string, me: string, isAdmin: string): string {
  return suiteVisibilitySql({
    ownerId: `${suite}."owner_id"`,
    me,
    isAdmin,
    holdsShare: `${share}."user_id" IS NOT NULL`,
  });
}

/**
 * The caller's grant on a suite owned by `ownerId` of which they hold the share `myShare` (the only
 * share the policy reads), when it is at least `needed`: 404 without one, 403 for a weaker one.
 */
export function requireSuiteGrantOf(
  actor: Actor,
  ownerId: string,
  myShare: ShareGrant | null,
  needed: SuiteGrant,
): SuiteGrant {
  const shares = myShare === null ? [] : [{ userId: actor.user.id, grant: myShare }];
  return requireSuiteGrant(actor.user, { ownerId, shares }, needed);
}

interface SuiteWithMyShare {
  suite: SuiteEntity | undefined;
  shared: ShareGrant | null;
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
    actor: Actor,
    suiteId: string,
    needed: SuiteGrant,
    manager: EntityManager = this.dataSource.manager,
    lock = false,
  ): Promise<AccessibleSuite> {
    if (!UUID.test(suiteId)) throw suiteNotFoundError();
    const { suite, shared } =
      manager === this.dataSource.manager && !lock
        ? await this.suiteWithMyShare(actor, suiteId)
        : await this.suiteWithMyShareIn(manager, actor, suiteId, lock);
    if (suite === undefined) throw suiteNotFoundError();
    return { suite, grant: requireSuiteGrantOf(actor, suite.ownerId, shared, needed) };
  }

  /**
   * `require` with the suite's enabled checks, oldest first, read by the same statement (a trigger
   * reads nothing else before it writes the run). Each check holds the columns a run's plan
   * freezes: its definition, version and baseline.
   */
  async requireWithEnabledChecks(
    actor: Actor,
    suiteId: string,
    needed: SuiteGrant,
  ): Promise<AccessibleSuite & { checks: CheckEntity[] }> {
    if (!UUID.test(suiteId)) throw suiteNotFoundError();
    const [row] = await preparedQuery<
      Record<string, unknown> & { dq_my_grant: ShareGrant | null; dq_checks: Record<string, unknown>[] }
    >(
      this.dataSource,
      'dq_suite_with_my_share_and_checks',
      `SELECT s.*, sh."grant" AS "dq_my_grant", ${ENABLED_CHECKS_JSON_SQL} AS "dq_checks"
         FROM "suites" s LEFT JOIN "suite_shares" sh ON sh."suite_id" = s."id" AND sh."user_id" = $2
        WHERE s."id" = $1`,
      [suiteId, actor.user.id],
    );
    if (row === undefined) throw suiteNotFoundError();
    const suite = entityOfRow(this.dataSource, SuiteEntity, row);
    return {
      suite,
      grant: requireSuiteGrantOf(actor, suite.ownerId, row.dq_my_grant, needed),
      checks: row.dq_checks.map((check) => entityOfRow(this.dataSource, CheckEntity, check)),
    };
  }

  /**
   * For the system (a schedule or a pipeline trigger, no caller): each existing suite of `suiteIds`
   * with its enabled checks, oldest first, in one statement. A suite that does not exist is absent.
   */
  async manyWithEnabledChecks(
    suiteIds: readonly string[],
  ): Promise<{ suite: SuiteEntity; checks: CheckEntity[] }[]> {
    const ids = [...new Set(suiteIds.filter((id) => UUID.test(id)))];
    if (ids.length === 0) return [];
    const rows = await preparedQuery<Record<string, unknown> & { dq_checks: Record<string, unknown>[] }>(
      this.dataSource,
      'dq_suites_with_checks_for_system',
      `SELECT s.*, ${ENABLED_CHECKS_JSON_SQL} AS "dq_checks"
         FROM "suites" s WHERE s."id" = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((row) => ({
      suite: entityOfRow(this.dataSource, SuiteEntity, row),
      checks: row.dq_checks.map((check) => entityOfRow(this.dataSource, CheckEntity, check)),
    }));
  }

  /**
   * The suite and the caller's own share (the only one the policy reads) in one prepared
   * statement: every suite-scoped request (REST and MCP) starts with it.
   */
  private async suiteWithMyShare(actor: Actor, suiteId: string): Promise<SuiteWithMyShare> {
    const [row] = await preparedQuery<Record<string, unknown> & { dq_my_grant: ShareGrant | null }>(
      this.dataSource,
      'dq_suite_with_my_share',
      `SELECT s.*, sh."grant" AS "dq_my_grant"
         FROM "suites" s LEFT JOIN "suite_shares" sh ON sh."suite_id" = s."id" AND sh."user_id" = $2
        WHERE s."id" = $1`,
      [suiteId, actor.user.id],
    );
    if (row === undefined) return { suite: undefined, shared: null };
    return { suite: entityOfRow(this.dataSource, SuiteEntity, row), shared: row.dq_my_grant };
  }

  /** The same read inside a transaction; a write locks the suite row only (the share is the nullable side of the join). */
  private async suiteWithMyShareIn(
    manager: EntityManager,
    actor: Actor,
    suiteId: string,
    lock: boolean,
  ): Promise<SuiteWithMyShare> {
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
    return { suite: entities[0], shared: raw[0]?.my_grant ?? null };
  }

  /** Every suite the caller can see, with their grant on each, by name; one statement. */
  async visible(actor: Actor): Promise<AccessibleSuite[]> {
    const me = actor.user.id;
    // The caller's own share rides along (a share is keyed by suite and user: at most one row).
    // Only what the caller may see is read at all; the policy below still decides the grant.
    // Prepared: every run list and dashboard read starts with it.
    const rows = await preparedQuery<Record<string, unknown> & { dq_my_grant: ShareGrant | null }>(
      this.dataSource,
      'dq_suites_visible',
      `SELECT s.*, sh."grant" AS "dq_my_grant"
         FROM "suites" s LEFT JOIN "suite_shares" sh ON sh."suite_id" = s."id" AND sh."user_id" = $1
        WHERE ${suiteVisibleSql('s', 'sh', '$1', '$2')}
        ORDER BY s."name" ASC, s."id" ASC`,
      [me, actor.user.is_workspace_admin],
    );
    return this.withGrants(actor, rows);
  }

  /**
   * A page of the suites the caller can see that match `query`, and their number: both counted
   * under the same visibility condition, so a total never counts a suite the caller cannot see.
   */
  async visiblePage(actor: Actor, query: SuiteListQuery): Promise<AccessibleSuitePage> {
    const paging = new KeysetPage(SUITES_BY_NAME, query);
    const params = new SqlParams();
    const me = params.add(actor.user.id);
    const where = [suiteVisibleSql('s', 'sh', me, params.add(actor.user.is_workspace_admin))];
    if (query.name !== undefined) where.push(`s."name" ILIKE ${params.add(containsPattern(query.name))}`);
    if (query.connection_id !== undefined)
      where.push(`s."connection_id" = ${params.add(query.connection_id)}`);
    if (query.owner !== undefined)
      where.push(`s."owner_id" = ${params.add(query.owner === 'me' ? actor.user.id : query.owner)}`);
    const from = `FROM "suites" s LEFT JOIN "suite_shares" sh ON sh."suite_id" = s."id" AND sh."user_id" = ${me}`;
    const filtered = where.join(' AND ');
    const counted = await this.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS "n" ${from} WHERE ${filtered}`,
      [...params.values],
    );
    const after = paging.condition(params);
    const rows = await this.dataSource.query<
      (Record<string, unknown> & { dq_my_grant: ShareGrant | null })[]
    >(
      `SELECT s.*, sh."grant" AS "dq_my_grant", ${paging.keyColumns()}
         ${from} WHERE ${filtered} ${after !== null ? `AND ${after}` : ''} ${paging.orderAndLimit()}`,
      params.values,
    );
    const page = paging.page(rows);
    return {
      suites: this.withGrants(actor, page.rows),
      next_cursor: page.next_cursor,
      total: counted[0]?.n ?? 0,
    };
  }

  private withGrants(
    actor: Actor,
    rows: readonly (Record<string, unknown> & { dq_my_grant: ShareGrant | null })[],
  ): AccessibleSuite[] {
    const me = actor.user.id;
    const visible: AccessibleSuite[] = [];
    for (const row of rows) {
      const suite = entityOfRow(this.dataSource, SuiteEntity, row);
      const shared = row.dq_my_grant;
      const shares = shared === null ? [] : [{ userId: me, grant: shared }];
      const grant = suiteGrantFor(actor.user, { ownerId: suite.ownerId, shares });
      if (grant !== null) visible.push({ suite, grant });
    }
    return visible;
  }
}
