import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  type CheckDryRunReply,
  type CheckDryRunRequest,
  type ColumnPolicySuggestionReply,
  type CreateCheckRequest,
  ErrorCode,
  type ProfileRequest,
  SuiteAuditAction,
  SuiteGrant,
  type TargetColumn,
  type TargetFilesReply,
  type TargetProfileReply,
  type TargetProfileRequest,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { PII_SAMPLE_VALUES, parseColumnPolicy, type PiiCategory, suggestedTreatment } from '@dq/check-engine';
import { ConnectionDirectory } from '@dq/connections';
import { WorkspaceSettingsService } from '@dq/workspace-settings';
import { SuiteAccessService } from '../access/suite-access.service';
import { ChecksService } from './checks.service';
import { type SuiteTargetRef } from './suite-runner.client';
import { type Actor } from '@dq/auth';

/** How the suites context reaches the runner (the gateway supplies it; only the runner reads data). */
export interface SuiteRunnerPort {
  columns(suite: SuiteTargetRef): Promise<TargetColumn[]>;
  files(suite: SuiteTargetRef): Promise<TargetFilesReply>;
  profile(request: TargetProfileRequest): Promise<TargetProfileReply>;
  dryRun(request: CheckDryRunRequest): Promise<CheckDryRunReply>;
}

/** `POST /suites/{id}/column-policy/suggest`: what was found, and the policy it would make. */
/** `POST /suites/{id}/column-policy/suggest`'s answer. */
export type ColumnPolicySuggestion = ColumnPolicySuggestionReply;

const FLAT_FILE_KINDS: readonly string[] = ['file_store', 'object_store'];
const DEFAULT_TOP_VALUES = 5;

/**
 * Suite operations that read live data through the runner: columns, batch preview, the profiler
 * (audited as a data access; nothing stored) and check dry-runs (nothing stored).
 */
@Injectable()
export class SuiteDataService {
  constructor(
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SuiteAccessService) private readonly access: SuiteAccessService,
    @Inject(ConnectionDirectory) private readonly connections: ConnectionDirectory,
    @Inject(ChecksService) private readonly checks: ChecksService,
    @Inject(WorkspaceSettingsService) private readonly settings: WorkspaceSettingsService,
  ) {}

  async columns(actor: Actor, suiteId: string, runner: SuiteRunnerPort): Promise<TargetColumn[]> {
    const { suite } = await this.access.require(actor, suiteId, SuiteGrant.View);
    return runner.columns(suite);
  }

  async batchPreview(actor: Actor, suiteId: string, runner: SuiteRunnerPort): Promise<TargetFilesReply> {
    const { suite } = await this.access.require(actor, suiteId, SuiteGrant.View);
    const kind = (await this.connections.kindsOf([suite.connectionId])).get(suite.connectionId);
    if (kind === undefined || !FLAT_FILE_KINDS.includes(kind)) {
      throw new AppError(ErrorCode.ValidationFailed, 'Only file-store and object-store suites have files', {
        fields: [{ field: 'target', problems: ['a batch preview needs a flat-file target'] }],
        connection_kind: kind ?? null,
      });
    }
    return runner.files(suite);
  }

  /** Needs `edit`: profiling reads values (top values) and is an authoring tool. */
  async profile(
    actor: Actor,
    suiteId: string,
    input: ProfileRequest,
    runner: SuiteRunnerPort,
    purpose: { rawForClassification?: boolean } = {},
  ): Promise<TargetProfileReply> {
    const { suite } = await this.access.require(actor, suiteId, SuiteGrant.Edit);
    const profile = await runner.profile({
      connection_id: suite.connectionId,
      target: suite.target,
      ...(input.columns !== undefined ? { columns: input.columns } : {}),
      top_values: input.top_values ?? DEFAULT_TOP_VALUES,
      column_policy: suite.columnPolicy,
      ...(suite.fileEncoding ? { file_encoding: suite.fileEncoding } : {}),
    });
    await this.audit.record({
      action: SuiteAuditAction.Profiled,
      actor_user_id: actor.user.id,
      actor_credential: actor.credential,
      target_type: 'suite',
      target_id: suite.id,
      detail: {
        columns: profile.columns.map((column) => column.name),
        row_count: profile.row_count,
        purpose: purpose.rawForClassification === true ? 'column_policy_suggestion' : 'profile',
      },
    });
    return profile;
  }

  /**
   * Heuristic PII suggestions from a live profile (names and the most frequent values): a column
   * policy the owner can review and PUT. Nothing is stored; the profile read is audited. The values
   * judged are always the same number ({@link PII_SAMPLE_VALUES}), whatever `top_values` asks: a
   * suggestion does not change with how many values were asked for.
   */
  async suggestColumnPolicy(
    actor: Actor,
    suiteId: string,
    input: ProfileRequest,
    runner: SuiteRunnerPort,
  ): Promise<ColumnPolicySuggestion> {
    const profile = await this.profile(actor, suiteId, { ...input, top_values: PII_SAMPLE_VALUES }, runner, {
      rawForClassification: true,
    });
    const current = parseColumnPolicy(
      (await this.access.require(actor, suiteId, SuiteGrant.Edit)).suite.columnPolicy,
    );
    const suggestions = profile.columns
      .filter((column) => column.pii !== null)
      .map((column) => ({
        column: column.name,
        category: column.pii!.category,
        confidence: column.pii!.confidence,
        reasons: column.pii!.reasons,
        treatment: suggestedTreatment(column.pii!.category as PiiCategory),
      }));
    return {
      suggestions,
      policy: {
        columns: {
          ...current.columns,
          ...Object.fromEntries(
            suggestions
              .filter((suggestion) => current.columns[suggestion.column] === undefined)
              .map((suggestion) => [suggestion.column, suggestion.treatment]),
          ),
        },
        default: current.default,
      },
    };
  }

  /** Under zero-sample mode (stored toggle or environment pin) the dry run reads no failing row. */
  async dryRun(
    actor: Actor,
    suiteId: string,
    input: CreateCheckRequest,
    runner: SuiteRunnerPort,
  ): Promise<CheckDryRunReply> {
    const { suite, connection, definition } = await this.checks.definitionFor(actor, suiteId, input);
    // A comparison's baseline query is gated by its own datasource's dialect, as at save.
    await this.checks.assertComparisonSides(definition, connection.kind);
    return runner.dryRun({
      connection_id: suite.connectionId,
      target: suite.target,
      suite_id: suite.id,
      check: definition as unknown as Record<string, unknown>,
      column_policy: suite.columnPolicy,
      time_zone: suite.timeZone,
      zero_sample: await this.settings.zeroSampleMode(),
      ...(suite.fileEncoding ? { file_encoding: suite.fileEncoding } : {}),
    });
  }
}
