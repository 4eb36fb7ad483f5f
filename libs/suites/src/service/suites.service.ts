import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  type ConnectionKind,
  type CreateSuiteRequest,
  ErrorCode,
  type FieldViolation,
  FLAT_FILE_CONNECTION_KINDS,
  fileEncodingProblem,
  SuiteAuditAction,
  SuiteGrant,
  type SuiteListQuery,
  type SuiteResponse,
  type UpdateSuiteRequest,
  suiteTargetProblem,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { hasCapability, WorkspaceCapability, type Actor } from '@dq/auth';
import { ConnectionDirectory, type ConnectionSummary } from '@dq/connections';
import { CheckEntity, SuiteEntity } from '../entities';
import { parseCheckDefinition, sqlParserReady } from '@dq/check-engine';
import { type AccessibleSuite, SuiteAccessService } from '../access/suite-access.service';
import { toSuiteResponse } from '../view/suite-view';
import { MapsSuiteNameTaken } from './suite-name';
import { type UserSummary, userSummariesByIds, userSummaryById } from '@dq/identity';

function validationFailed(fields: FieldViolation[]): AppError {
  return new AppError(ErrorCode.ValidationFailed, 'Request validation failed', { fields });
}

/** A suite's connection row always exists (deletes are soft), so a missing kind is a bug. */
function kindOf(kinds: Map<string, ConnectionKind>, id: string): ConnectionKind {
  const kind = kinds.get(id);
  if (kind === undefined) throw new Error('a suite references a connection that does not exist');
  return kind;
}

/** True when `zone` is an IANA time zone this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A page of `GET /suites`: the array body, and the cursor and total its headers carry. */
export interface SuitePage {
  items: SuiteResponse[];
  next_cursor: string | null;
  total: number;
}

/**
 * Suites: create (the caller becomes the owner), read, change and delete, each behind the suite
 * policy. A suite's target is checked against its connection's kind at every save; moving a suite
 * to another connection re-checks every check against the datasource support matrix.
 */
@Injectable()
export class SuitesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
    @Inject(ConnectionDirectory) private readonly connections: ConnectionDirectory,
  ) {}

  /** A page of the suites the caller can see, with how many match the filters in all. */
  async list(actor: Actor, query: SuiteListQuery = {}): Promise<SuitePage> {
    const page = await this.access.visiblePage(actor, query);
    return { items: await this.views(page.suites), next_cursor: page.next_cursor, total: page.total };
  }

  private async views(visible: readonly AccessibleSuite[]): Promise<SuiteResponse[]> {
    const counts = await this.checkCounts(visible.map(({ suite }) => suite.id));
    const kinds = await this.connections.kindsOf(visible.map(({ suite }) => suite.connectionId));
    const owners = await userSummariesByIds(
      this.dataSource,
      visible.map(({ suite }) => suite.ownerId),
    );
    return visible.map(({ suite, grant }) =>
      toSuiteResponse(
        suite,
        kindOf(kinds, suite.connectionId),
        grant,
        counts.get(suite.id) ?? 0,
        ownerNameOf(owners.get(suite.ownerId)),
      ),
    );
  }

  async get(actor: Actor, suiteId: string): Promise<SuiteResponse> {
    const { suite, grant } = await this.access.require(actor, suiteId, SuiteGrant.View);
    return this.view(this.dataSource.manager, suite, grant);
  }

  @MapsSuiteNameTaken('name')
  async create(actor: Actor, input: CreateSuiteRequest): Promise<SuiteResponse> {
    this.assertMayReference(actor);
    return this.dataSource.transaction(async (manager) => {
      // Locked until commit, so a concurrent connection delete cannot leave this suite behind.
      const connection = await this.connections.requireLocked(manager, input.connection_id, 'connection_id');
      this.assertSuiteFields(connection, input.target, input.time_zone, input.file_encoding);
      const suite = await manager.save(
        manager.create(SuiteEntity, {
          name: input.name,
          description: input.description ?? null,
          connectionId: connection.id,
          target: input.target,
          timeZone: input.time_zone ?? 'UTC',
          fileEncoding: input.file_encoding ?? null,
          ownerId: actor.user.id,
          createdBy: actor.user.id,
          columnPolicy: {},
        }),
      );
      await this.record(manager, actor, SuiteAuditAction.Created, suite, {
        connection_id: connection.id,
        target: suite.target,
      });
      return toSuiteResponse(suite, connection.kind, SuiteGrant.Owner, 0, actor.user.display_name);
    });
  }

  @MapsSuiteNameTaken('name')
  async update(actor: Actor, suiteId: string, input: UpdateSuiteRequest): Promise<SuiteResponse> {
    return this.dataSource.transaction(async (manager) => {
      const { suite, grant } = await this.access.require(actor, suiteId, SuiteGrant.Edit, manager, true);
      const changed: string[] = [];
      let connection: ConnectionSummary | null = null;
      if (input.connection_id !== undefined && input.connection_id !== suite.connectionId) {
        this.assertMayReference(actor);
        connection = await this.connections.requireLocked(manager, input.connection_id, 'connection_id');
        suite.connectionId = connection.id;
        changed.push('connection_id');
      }
      connection ??= await this.connections.require(suite.connectionId, 'connection_id');
      if (input.target !== undefined && input.target !== suite.target) {
        suite.target = input.target;
        changed.push('target');
      }
      if (input.time_zone !== undefined && input.time_zone !== suite.timeZone) {
        suite.timeZone = input.time_zone;
        changed.push('time_zone');
      }
      this.assertSuiteFields(connection, suite.target, suite.timeZone, input.file_encoding);
      // A suite moved off flat files keeps no encoding: it would not apply.
      const fileEncoding = FLAT_FILE_CONNECTION_KINDS.includes(connection.kind) ? input.file_encoding : null;
      if (fileEncoding !== undefined && fileEncoding !== suite.fileEncoding) {
        suite.fileEncoding = fileEncoding;
        changed.push('file_encoding');
      }
      if (input.name !== undefined && input.name !== suite.name) {
        suite.name = input.name;
        changed.push('name');
      }
      if (input.description !== undefined && input.description !== suite.description) {
        suite.description = input.description;
        changed.push('description');
      }
      if (changed.includes('connection_id')) await this.assertChecksFit(manager, suite.id, connection.kind);
      if (changed.length > 0) {
        await manager.save(suite);
        await this.record(manager, actor, SuiteAuditAction.Updated, suite, { changed_fields: changed });
      }
      return this.view(manager, suite, grant, connection.kind);
    });
  }

  /** Owner and workspace admins only: an `edit` share may change a suite, not remove it. */
  async delete(actor: Actor, suiteId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { suite } = await this.access.require(actor, suiteId, SuiteGrant.Admin, manager, true);
      await manager.delete(SuiteEntity, { id: suite.id });
      await this.record(manager, actor, SuiteAuditAction.Deleted, suite, {});
    });
  }

  async view(
    manager: EntityManager,
    suite: SuiteEntity,
    grant: SuiteGrant,
    kind?: ConnectionKind,
  ): Promise<SuiteResponse> {
    const connectionKind =
      kind ?? kindOf(await this.connections.kindsOf([suite.connectionId]), suite.connectionId);
    const count = await manager.getRepository(CheckEntity).countBy({ suiteId: suite.id });
    const owner = await userSummaryById(manager, suite.ownerId);
    return toSuiteResponse(suite, connectionKind, grant, count, ownerNameOf(owner ?? undefined));
  }

  /** Members and admins may point a suite at a connection; a Viewer creates nothing anyway. */
  private assertMayReference(actor: Actor): void {
    if (!hasCapability(actor.user, WorkspaceCapability.ReferenceConnections))
      throw new AppError(ErrorCode.Forbidden, 'Your workspace role does not allow this', {});
  }

  private assertSuiteFields(
    connection: ConnectionSummary,
    target: string,
    timeZone: string | undefined,
    fileEncoding: unknown,
  ): void {
    const fields: FieldViolation[] = [];
    const problem = suiteTargetProblem(connection.kind, target);
    if (problem !== null) fields.push({ field: 'target', problems: [`target ${problem}`] });
    const encodingProblem = fileEncodingProblem(connection.kind, fileEncoding);
    if (encodingProblem !== null) fields.push({ field: 'file_encoding', problems: [encodingProblem] });
    if (timeZone !== undefined && !isKnownTimeZone(timeZone))
      fields.push({
        field: 'time_zone',
        problems: ['time_zone must be an IANA time zone, e.g. Europe/Berlin'],
      });
    if (fields.length > 0) throw validationFailed(fields);
  }

  /** A suite moved to another kind of datasource keeps only checks that kind supports. */
  private async assertChecksFit(
    manager: EntityManager,
    suiteId: string,
    kind: ConnectionKind,
  ): Promise<void> {
    await sqlParserReady();
    const checks = await manager.getRepository(CheckEntity).findBy({ suiteId });
    for (const check of checks) {
      try {
        parseCheckDefinition(
          {
            name: check.name,
            kind: check.kind,
            engine: check.engine,
            thresholds: check.thresholds,
            config: check.config,
          },
          { datasourceKind: kind },
        );
      } catch (error) {
        if (error instanceof AppError) {
          throw new AppError(
            ErrorCode.ValidationFailed,
            `Check "${check.name}" does not fit the new connection: ${error.message}`,
            { ...error.detail, field: 'connection_id', check_id: check.id },
          );
        }
        throw error;
      }
    }
  }

  private async checkCounts(suiteIds: string[]): Promise<Map<string, number>> {
    if (suiteIds.length === 0) return new Map();
    const rows = await this.dataSource.query<{ suite_id: string; count: string }[]>(
      `SELECT "suite_id", count(*) AS "count" FROM "checks" WHERE "suite_id" = ANY($1::uuid[]) GROUP BY "suite_id"`,
      [suiteIds],
    );
    return new Map(rows.map((row) => [row.suite_id, Number(row.count)]));
  }

  private async record(
    manager: EntityManager,
    actor: Actor,
    action: SuiteAuditAction,
    suite: SuiteEntity,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      {
        action,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'suite',
        target_id: suite.id,
        detail: { name: suite.name, ...detail },
      },
      manager,
    );
  }
}

/** How a suite names its owner: the display name, else the email. */
function ownerNameOf(owner: UserSummary | undefined): string {
  return owner?.displayName ?? owner?.email ?? 'a removed user';
}
