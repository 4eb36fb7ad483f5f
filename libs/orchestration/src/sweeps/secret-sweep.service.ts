import { Injectable } from '@nestjs/common';
import {
  type OrphanSecretView,
  SECRET_SWEEP_AUDIT_TARGET,
  type SecretSweepCounts,
  SecretSweepAuditAction,
  type SecretSweepReport,
  SecretSweepStatus,
  SweepTrigger,
} from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { type Actor } from '@dq/auth';
import { SweepKind, SweepOutcome } from './daily-sweep';
import { OrphanSecretsSweep } from './orphan-secrets.sweep';
import { type SweepReportRecord, SweepReports } from './sweep-reports.service';

/** `GET /admin/secret-sweep` and `POST /admin/secret-sweep/run` (and their MCP tools). */
@Injectable()
export class SecretSweepService {
  constructor(
    private readonly reports: SweepReports,
    private readonly sweep: OrphanSecretsSweep,
    private readonly audit: AuditLog,
  ) {}

  /** The last orphan-secret sweep, daily or on demand; `never_run` until one is recorded. */
  async lastReport(): Promise<SecretSweepReport> {
    return reportOf(await this.reports.read(SweepKind.OrphanSecrets));
  }

  /** Runs the sweep now (report-only) and audits the run with its counts. */
  async runNow(actor: Actor): Promise<SecretSweepReport> {
    const report = reportOf(await this.reports.run(this.sweep, SweepTrigger.Manual));
    await this.audit.record({
      action: SecretSweepAuditAction.Run,
      actor_user_id: actor.user.id,
      actor_credential: actor.credential,
      target_type: SECRET_SWEEP_AUDIT_TARGET,
      target_id: SweepKind.OrphanSecrets,
      // Counts only; `checked` rather than a key the audit scrubber would redact as secret-looking.
      detail: auditDetailOf(report),
    });
    return report;
  }
}

function auditDetailOf(report: SecretSweepReport): Record<string, unknown> {
  const { sealed_credentials: checked, ...counts } = report.counts ?? { sealed_credentials: null };
  return { status: report.status, checked, ...counts };
}

const NEVER_RUN: SecretSweepReport = {
  status: SecretSweepStatus.NeverRun,
  trigger: null,
  started_at: null,
  finished_at: null,
  counts: null,
  orphans: [],
  orphans_truncated: false,
  key_ids: [],
  deleted: 0,
  error: null,
};

function reportOf(record: SweepReportRecord | null): SecretSweepReport {
  if (!record?.finishedAt) return { ...NEVER_RUN };
  const stored = record.report;
  if (record.outcome === SweepOutcome.Skipped) {
    return {
      ...NEVER_RUN,
      status: SecretSweepStatus.Skipped,
      trigger: record.trigger,
      started_at: record.startedAt?.toISOString() ?? null,
      finished_at: record.finishedAt.toISOString(),
      error: typeof stored['reason'] === 'string' ? stored['reason'] : null,
    };
  }
  const failed = record.outcome === SweepOutcome.Failed;
  return {
    status: failed ? SecretSweepStatus.Failed : SecretSweepStatus.Completed,
    trigger: record.trigger,
    started_at: record.startedAt?.toISOString() ?? null,
    finished_at: record.finishedAt.toISOString(),
    counts: failed ? null : ((stored['counts'] as SecretSweepCounts | undefined) ?? null),
    orphans: failed ? [] : ((stored['orphans'] as OrphanSecretView[] | undefined) ?? []),
    orphans_truncated: !failed && stored['orphans_truncated'] === true,
    key_ids: failed ? [] : ((stored['key_ids'] as string[] | undefined) ?? []),
    deleted: 0,
    error: failed && typeof stored['error'] === 'string' ? stored['error'] : null,
  };
}
