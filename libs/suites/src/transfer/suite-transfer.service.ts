import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError,
  CheckChange,
  type ConnectionKind,
  ErrorCode,
  type FieldViolation,
  type FileEncoding,
  fileEncodingProblem,
  type ImportSuiteRequest,
  type ImportSuiteResponse,
  NAME_MAX_LENGTH,
  SuiteAuditAction,
  SuiteGrant,
  suiteTargetProblem,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { grantSatisfies, hasCapability, WorkspaceCapability, type Actor } from '@dq/auth';
import { ConnectionDirectory, type ConnectionSummary } from '@dq/connections';
import { type CheckDefinition, parseCheckDefinition, sqlParserReady } from '@dq/check-engine';
import { CheckEntity, SuiteEntity } from '../entities';
import { SuiteAccessService } from '../access/suite-access.service';
import { ChecksService } from '../service/checks.service';
import { suiteNameTaken, suiteNameTakenAs } from '../service/suite-name';
import { isKnownTimeZone, SuitesService } from '../service/suites.service';
import { definitionOf } from '../view/check-view';
import {
  type DocumentConnectionRef,
  SUITE_DOCUMENT_FORMAT,
  SUITE_DOCUMENT_VERSION,
  type SuiteDocument,
  connectionIdKeys,
  connectionRefKeys,
  idKeyFor,
  refKeyFor,
} from './suite-document';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IMPORTED_CHECKS = 1000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(fields: FieldViolation[], extra: Record<string, unknown> = {}): AppError {
  return new AppError(ErrorCode.ValidationFailed, 'The suite document does not import', { fields, ...extra });
}

/**
 * `POST /suites/import` takes either `{document, connection_map?}` or the bare document exactly as
 * `GET /suites/{id}/export` returned it (told apart by a top-level `document` key).
 */
export function importRequestOf(body: unknown): ImportSuiteRequest {
  if (!isRecord(body))
    throw invalid([{ field: 'document', problems: ['the body must be a suite document or {document}'] }]);
  if (!('document' in body)) return { document: body };
  const fields: FieldViolation[] = [];
  for (const key of Object.keys(body))
    if (key !== 'document' && key !== 'connection_map')
      fields.push({ field: key, problems: [`${key} is not a field of an import request`] });
  if (!isRecord(body['document']))
    fields.push({ field: 'document', problems: ['document must be an object'] });
  const map = body['connection_map'];
  if (map !== undefined && (!isRecord(map) || Object.values(map).some((value) => typeof value !== 'string')))
    fields.push({
      field: 'connection_map',
      problems: ['connection_map must map connection names to connection ids or names'],
    });
  if (fields.length > 0) throw invalid(fields);
  return body as unknown as ImportSuiteRequest;
}

interface ResolvedImport {
  suite: {
    name: string;
    description: string | null;
    target: string;
    timeZone: string;
    columnPolicy: Record<string, unknown>;
    fileEncoding: FileEncoding | null;
  };
  connection: ConnectionSummary;
  checks: CheckDefinition[];
}

/**
 * Environment promotion: export a suite as a portable document (connections by name, no ids, no
 * secrets) and import it elsewhere. Importing resolves every connection first (by the request's
 * map, else by name) and validates every check against the resolved datasource before anything is
 * written; one transaction writes it all. The suite of the same name (names are unique in the
 * workspace), when the caller may edit it, is updated in place (checks matched by name), so
 * importing the same document twice changes nothing; one they may not edit is 409.
 */
@Injectable()
export class SuiteTransferService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
    @Inject(ConnectionDirectory) private readonly connections: ConnectionDirectory,
    @Inject(SuitesService) private readonly suites: SuitesService,
    @Inject(ChecksService) private readonly checks: ChecksService,
  ) {}

  async export(actor: Actor, suiteId: string): Promise<SuiteDocument> {
    const { suite } = await this.access.require(actor, suiteId, SuiteGrant.View);
    const rows = await this.dataSource
      .getRepository(CheckEntity)
      .find({ where: { suiteId }, order: { createdAt: 'ASC', id: 'ASC' } });
    const ids = [
      suite.connectionId,
      ...rows.flatMap((row) => connectionIdKeys(row.config).map((key) => String(row.config[key]))),
    ];
    const refs = await this.refsOf(ids);
    const refOf = (id: string): DocumentConnectionRef => {
      const ref = refs.get(id);
      if (ref === undefined) {
        throw new AppError(
          ErrorCode.ValidationFailed,
          'The suite references a deleted connection; point it at another first',
          {
            fields: [{ field: 'connection_id', problems: ['the connection no longer exists'] }],
          },
        );
      }
      return ref;
    };
    return {
      format: SUITE_DOCUMENT_FORMAT,
      format_version: SUITE_DOCUMENT_VERSION,
      exported_at: new Date().toISOString(),
      suite: {
        name: suite.name,
        description: suite.description,
        target: suite.target,
        time_zone: suite.timeZone,
        column_policy: suite.columnPolicy,
        ...(suite.fileEncoding ? { file_encoding: suite.fileEncoding } : {}),
        connection: refOf(suite.connectionId),
      },
      checks: rows.map((row) => {
        const definition = definitionOf(row);
        const config = structuredClone(definition.config);
        for (const key of connectionIdKeys(config)) {
          config[refKeyFor(key)] = refOf(String(config[key]));
          delete config[key];
        }
        return { ...definition, config };
      }),
    };
  }

  async import(actor: Actor, input: ImportSuiteRequest): Promise<ImportSuiteResponse> {
    if (!hasCapability(actor.user, WorkspaceCapability.CreateSuites))
      throw new AppError(ErrorCode.Forbidden, 'Your workspace role does not allow this', {});
    await sqlParserReady();
    const resolved = await this.resolve(input);
    const existing = await this.existingSuite(actor, resolved.suite.name);
    return this.dataSource.transaction(async (manager) => {
      // The connections the suite and its comparisons read stay live until this commits.
      await this.connections.requireLocked(manager, resolved.connection.id, 'document.suite.connection');
      for (const [index, definition] of resolved.checks.entries())
        await this.checks.lockReferencedConnections(
          manager,
          definition,
          `document.checks[${index}].config.baseline_connection`,
        );
      let suite: SuiteEntity;
      let created = false;
      if (existing === null) {
        suite = await manager
          .save(
            manager.create(SuiteEntity, {
              name: resolved.suite.name,
              description: resolved.suite.description,
              connectionId: resolved.connection.id,
              target: resolved.suite.target,
              timeZone: resolved.suite.timeZone,
              columnPolicy: resolved.suite.columnPolicy,
              fileEncoding: resolved.suite.fileEncoding,
              ownerId: actor.user.id,
              createdBy: actor.user.id,
            }),
          )
          .catch(suiteNameTakenAs('document.suite.name'));
        created = true;
      } else {
        suite = (await this.access.require(actor, existing.id, SuiteGrant.Edit, manager, true)).suite;
        Object.assign(suite, {
          description: resolved.suite.description,
          connectionId: resolved.connection.id,
          target: resolved.suite.target,
          timeZone: resolved.suite.timeZone,
          columnPolicy: resolved.suite.columnPolicy,
          fileEncoding: resolved.suite.fileEncoding,
        });
        suite = await manager.save(suite);
      }
      const outcome = await this.applyChecks(manager, actor, suite.id, resolved.checks);
      await this.audit.record(
        {
          action: SuiteAuditAction.Imported,
          actor_user_id: actor.user.id,
          actor_credential: actor.credential,
          target_type: 'suite',
          target_id: suite.id,
          detail: {
            name: suite.name,
            created,
            checks_created: outcome.created.length,
            checks_updated: outcome.updated.length,
            checks_unchanged: outcome.unchanged.length,
          },
        },
        manager,
      );
      const grant = created
        ? SuiteGrant.Owner
        : (await this.access.require(actor, suite.id, SuiteGrant.Edit, manager)).grant;
      return {
        suite: await this.suites.view(manager, suite, grant, resolved.connection.kind),
        created,
        checks: outcome,
      };
    });
  }

  private async applyChecks(
    manager: EntityManager,
    actor: Actor,
    suiteId: string,
    definitions: CheckDefinition[],
  ): Promise<ImportSuiteResponse['checks']> {
    const rows = await manager
      .getRepository(CheckEntity)
      .find({ where: { suiteId }, lock: { mode: 'pessimistic_write' } });
    const byName = new Map(rows.map((row) => [row.name, row]));
    const outcome: ImportSuiteResponse['checks'] = {
      created: [],
      updated: [],
      unchanged: [],
      not_in_document: [],
    };
    for (const definition of definitions) {
      const row = byName.get(definition.name);
      if (row === undefined) {
        await this.checks.insert(manager, suiteId, definition, actor, CheckChange.Imported);
        outcome.created.push(definition.name);
      } else if (isDeepStrictEqual(definitionOf(row), definition)) {
        outcome.unchanged.push(definition.name);
      } else {
        await this.checks.apply(manager, row, definition, actor, CheckChange.Imported, null);
        outcome.updated.push(definition.name);
      }
    }
    const named = new Set(definitions.map((definition) => definition.name));
    outcome.not_in_document = rows.filter((row) => !named.has(row.name)).map((row) => row.name);
    return outcome;
  }

  /**
   * The suite of that name (names are unique in the workspace) when the caller may edit it; one
   * they cannot edit, or cannot see, is 409 `suite_name_taken` (rename the suite in the document).
   */
  private async existingSuite(actor: Actor, name: string): Promise<SuiteEntity | null> {
    const same = await this.dataSource.getRepository(SuiteEntity).findOneBy({ name });
    if (same === null) return null;
    const seen = (await this.access.visible(actor)).find(({ suite }) => suite.id === same.id);
    if (seen === undefined || !grantSatisfies(seen.grant, SuiteGrant.Edit))
      throw suiteNameTaken('document.suite.name');
    return seen.suite;
  }

  /** Validates the whole document and resolves its connections; nothing is written here. */
  private async resolve(input: ImportSuiteRequest): Promise<ResolvedImport> {
    const document = input.document;
    const map = input.connection_map ?? {};
    const fields: FieldViolation[] = [];
    if (
      document['format'] !== SUITE_DOCUMENT_FORMAT ||
      document['format_version'] !== SUITE_DOCUMENT_VERSION
    ) {
      throw invalid([
        {
          field: 'document.format',
          problems: [
            `a ${SUITE_DOCUMENT_FORMAT} document of format_version ${SUITE_DOCUMENT_VERSION} is expected`,
          ],
        },
      ]);
    }
    const suite = document['suite'];
    const checks = document['checks'];
    if (!isRecord(suite)) throw invalid([{ field: 'document.suite', problems: ['must be an object'] }]);
    if (!Array.isArray(checks) || checks.length > MAX_IMPORTED_CHECKS)
      throw invalid([
        { field: 'document.checks', problems: [`must be an array of at most ${MAX_IMPORTED_CHECKS} checks`] },
      ]);

    const name = suite['name'];
    if (typeof name !== 'string' || name.length < 1 || name.length > NAME_MAX_LENGTH)
      fields.push({ field: 'document.suite.name', problems: [`must be 1 to ${NAME_MAX_LENGTH} characters`] });
    const description = suite['description'] ?? null;
    if (description !== null && (typeof description !== 'string' || description.length > 4000))
      fields.push({
        field: 'document.suite.description',
        problems: ['must be a string of at most 4000 characters'],
      });
    const timeZone = suite['time_zone'] ?? 'UTC';
    if (typeof timeZone !== 'string' || !isKnownTimeZone(timeZone))
      fields.push({ field: 'document.suite.time_zone', problems: ['must be an IANA time zone'] });
    const columnPolicy = suite['column_policy'] ?? {};
    if (!isRecord(columnPolicy))
      fields.push({ field: 'document.suite.column_policy', problems: ['must be an object'] });

    const unresolved: { name: string; kind: string; field: string }[] = [];
    const connection = await this.resolveRef(
      suite['connection'],
      map,
      'document.suite.connection',
      fields,
      unresolved,
    );
    const fileEncoding = suite['file_encoding'] ?? null;
    if (connection !== null) {
      const problem = suiteTargetProblem(connection.kind, suite['target']);
      if (problem !== null) fields.push({ field: 'document.suite.target', problems: [`target ${problem}`] });
      const encodingProblem = fileEncodingProblem(connection.kind, fileEncoding);
      if (encodingProblem !== null)
        fields.push({ field: 'document.suite.file_encoding', problems: [encodingProblem] });
    }

    const definitions: CheckDefinition[] = [];
    const names = new Set<string>();
    for (const [index, check] of checks.entries()) {
      const at = `document.checks[${index}]`;
      if (!isRecord(check) || !isRecord(check['config'])) {
        fields.push({ field: at, problems: ['must be a check with a config object'] });
        continue;
      }
      const config = structuredClone(check['config']);
      for (const key of connectionRefKeys(config)) {
        const ref = await this.resolveRef(config[key], map, `${at}.config.${key}`, fields, unresolved);
        delete config[key];
        if (ref !== null) config[idKeyFor(key)] = ref.id;
      }
      if (
        typeof check['name'] !== 'string' ||
        check['name'].length < 1 ||
        check['name'].length > NAME_MAX_LENGTH
      ) {
        fields.push({ field: `${at}.name`, problems: [`must be 1 to ${NAME_MAX_LENGTH} characters`] });
        continue;
      }
      if (names.has(check['name'])) fields.push({ field: `${at}.name`, problems: ['names a check twice'] });
      names.add(check['name']);
      if (connection === null) continue;
      try {
        const definition = parseCheckDefinition({ ...check, config }, { datasourceKind: connection.kind });
        await this.checks.assertComparisonSides(definition, connection.kind);
        await this.checks.assertUserSqlAllowed(definition, connection);
        definitions.push(definition);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const inner = (error.detail['fields'] as FieldViolation[] | undefined) ?? [
          {
            field: typeof error.detail['field'] === 'string' ? error.detail['field'] : 'kind',
            problems: [error.message],
          },
        ];
        fields.push(...inner.map((field) => ({ field: `${at}.${field.field}`, problems: field.problems })));
      }
    }
    if (fields.length > 0 || connection === null)
      throw invalid(fields, { unresolved_connections: unresolved });
    return {
      suite: {
        name: name as string,
        description: description as string | null,
        target: suite['target'] as string,
        timeZone: timeZone as string,
        columnPolicy: columnPolicy as Record<string, unknown>,
        fileEncoding: fileEncoding as FileEncoding | null,
      },
      connection,
      checks: definitions,
    };
  }

  private async resolveRef(
    ref: unknown,
    map: Record<string, string>,
    field: string,
    fields: FieldViolation[],
    unresolved: { name: string; kind: string; field: string }[],
  ): Promise<ConnectionSummary | null> {
    if (!isRecord(ref) || typeof ref['name'] !== 'string' || typeof ref['kind'] !== 'string') {
      fields.push({ field, problems: ['must be {name, kind}'] });
      return null;
    }
    const wanted = map[ref['name']] ?? ref['name'];
    const found = UUID.test(wanted)
      ? await this.connections.find(wanted)
      : await this.connections.findByName(wanted);
    if (found === null) {
      unresolved.push({ name: ref['name'], kind: ref['kind'], field });
      fields.push({ field, problems: [`no connection "${wanted}" here; map it in connection_map`] });
      return null;
    }
    if (found.kind !== (ref['kind'] as ConnectionKind)) {
      unresolved.push({ name: ref['name'], kind: ref['kind'], field });
      fields.push({
        field,
        problems: [`"${wanted}" is a ${found.kind} connection, the document needs ${ref['kind']}`],
      });
      return null;
    }
    return found;
  }

  private async refsOf(ids: string[]): Promise<Map<string, DocumentConnectionRef>> {
    const refs = new Map<string, DocumentConnectionRef>();
    for (const id of new Set(ids)) {
      const found = await this.connections.find(id);
      if (found !== null) refs.set(id, { name: found.name, kind: found.kind });
    }
    return refs;
  }
}
