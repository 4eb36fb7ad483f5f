import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, ErrorCode, RunAuditAction, SuiteGrant } from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { RunResultEntity } from '../entities';
import {
  type ComparisonDifference,
  type ComparisonReportInput,
  type ReportCell,
  type ReportFormat,
  type ReportSection,
  comparisonReportSections,
} from '@dq/reports';
import { checkNameById } from '@dq/suites';
import { isUuid } from './run-cursor';
import { RunReadsService } from './run-reads.service';
import { type Actor } from '@dq/auth';

/** A comparison report ready to stream: every refusal (401/403/404/409) was settled before it. */
export interface OpenComparisonReport {
  fileName: string;
  sections: ReportSection[];
}

type SampleRow = Record<string, unknown>;

/**
 * The diff report of a comparison result, derived on demand from what the run recorded and never
 * stored: the bucket counts, mismatch percentage and mismatches per column, then one row per
 * differing key and column. The differing keys are those the run kept as failing-row samples (at
 * most 20 per bucket, redacted by the suite's column policy before they were stored); none under
 * zero-sample mode or after the retention sweep, which the summary then says. Reading it is a
 * data access, audited like reading the run.
 */
@Injectable()
export class ComparisonReportService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly reads: RunReadsService,
    private readonly audit: AuditLog,
  ) {}

  async open(
    actor: Actor,
    runId: string,
    resultId: string,
    format: ReportFormat,
  ): Promise<OpenComparisonReport> {
    const { run } = await this.reads.require(actor, runId, SuiteGrant.View);
    const result = isUuid(resultId)
      ? await this.dataSource.getRepository(RunResultEntity).findOneBy({ id: resultId, runId: run.id })
      : null;
    if (result === null) throw new AppError(ErrorCode.NotFound, 'Result not found', {});
    const kind = run.plan.find((item) => item.check_id === result.checkId)?.kind ?? null;
    if (kind !== 'comparison') {
      throw new AppError(ErrorCode.Conflict, 'Only a comparison result has a diff report', { kind });
    }
    const detail = result.detail;
    if (typeof detail['matched'] !== 'number') {
      throw new AppError(
        ErrorCode.Conflict,
        'This comparison ended without comparing: there is nothing to report',
        {
          outcome: result.outcome,
          reason: typeof detail['reason'] === 'string' ? detail['reason'] : null,
        },
      );
    }
    const check = await checkNameById(this.dataSource, result.checkId);

    await this.audit.record({
      action: RunAuditAction.ComparisonReportRead,
      actor_user_id: actor.user.id,
      actor_credential: actor.credential,
      target_type: 'run',
      target_id: run.id,
      detail: { result_id: result.id, check_id: result.checkId, format },
    });

    const keyColumns = stringList(detail['key_columns']);
    const samples = isRecord(detail['samples']) ? detail['samples'] : null;
    const samplesNote =
      result.samplesPurgedAt !== null
        ? 'purged after the retention window: counts only'
        : samples === null
          ? 'none kept (zero-sample mode, or nothing differed): counts only'
          : 'the keys the run kept as samples, at most 20 per bucket, redacted';
    const input: ComparisonReportInput = {
      keyColumns,
      summary: {
        matched: numberOf(detail['matched']),
        mismatched: numberOf(detail['mismatched']),
        onlyInTarget: numberOf(detail['only_in_target']),
        onlyInBaseline: numberOf(detail['only_in_baseline']),
        ...(typeof detail['mismatch_percent'] === 'number'
          ? { mismatchPercent: detail['mismatch_percent'] }
          : {}),
        mismatchesByColumn: numberRecord(detail['mismatches_by_column']),
        details: [
          ['check', check?.name ?? result.checkId],
          ['run_id', run.id],
          ['result_id', result.id],
          ['outcome', result.outcome],
          ['finished_at', result.finishedAt ?? null],
          ['key_columns', keyColumns.join(', ')],
          ['differences_listed', samplesNote],
        ],
      },
      differences: samples === null ? [] : differencesOf(samples, keyColumns),
    };
    return {
      fileName: `comparison-${run.id}-${result.id}.${format}`,
      sections: comparisonReportSections(input),
    };
  }
}

/** Difference rows from a comparison's bucketed samples (see the comparison runner's detail). */
export function* differencesOf(
  samples: Record<string, unknown>,
  keyColumns: string[],
): Generator<ComparisonDifference> {
  const rows = (name: string): SampleRow[] =>
    Array.isArray(samples[name]) ? (samples[name] as unknown[]).filter(isRecord) : [];
  const keyOf = (row: SampleRow): ReportCell[] => keyColumns.map((column) => cellOf(row[column]));
  const baseline = rows('mismatched_baseline');
  const differing = rows('mismatched_columns');
  for (const [index, target] of rows('mismatched').entries()) {
    const other = baseline[index];
    const columns = stringList(differing[index]?.['columns']);
    if (other === undefined || columns.length === 0) {
      // Recorded before both sides were kept: the key is known to differ, not where.
      yield { side: 'mismatched', key: keyOf(target), column: null, targetValue: null, baselineValue: null };
      continue;
    }
    for (const column of columns) {
      yield {
        side: 'mismatched',
        key: keyOf(target),
        column,
        targetValue: cellOf(target[column]),
        baselineValue: cellOf(other[column]),
      };
    }
  }
  for (const row of rows('only_in_target')) {
    yield { side: 'only_in_target', key: keyOf(row), column: null, targetValue: null, baselineValue: null };
  }
  for (const row of rows('only_in_baseline')) {
    yield { side: 'only_in_baseline', key: keyOf(row), column: null, targetValue: null, baselineValue: null };
  }
}

function cellOf(value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function numberOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function numberRecord(value: unknown): Record<string, number> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}
