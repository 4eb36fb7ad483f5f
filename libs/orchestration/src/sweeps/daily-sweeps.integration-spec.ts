import { randomBytes, randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import '@dq/connections/entities';
import '@dq/identity/entities';
import '@dq/runs/entities';
import {
  OrphanSecretReason,
  RunStatus,
  RunTrigger,
  SECRET_SWEEP_MAX_LISTED,
  SecretSweepAuditAction,
  SecretSweepStatus,
  ServiceName,
  SweepTrigger,
} from '@dq/contracts';
import { BaseServiceConfig, loadConfig, platformModules } from '@dq/platform';
import { RunEntity, RunResultEntity } from '@dq/runs/entities';
import { ServiceRuntimeModule } from '@dq/service-runtime';
import { type IsolatedEnvironment, createIsolatedEnvironment, testActor } from '@dq/testing';
import { SweepKind, SweepOutcome } from './daily-sweep';
import { DailySweeps } from './daily-sweeps.service';
import { ORPHAN_ASSET_RETIREMENT, type OrphanAssetRetirement } from './orphan-assets.sweep';
import { OrphanSecretsSweep } from './orphan-secrets.sweep';
import { SecretSweepService } from './secret-sweep.service';
import { SweepReports } from './sweep-reports.service';
import { DailySweepsModule, SecretSweepModule } from './sweeps.module';

class SweepsTestConfig extends BaseServiceConfig {
  override PORT = 0;
}

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

interface ReportRow {
  kind: string;
  claimed_day: string | null;
  trigger: string | null;
  outcome: string | null;
  report: Record<string, unknown>;
  ran_by: string | null;
}

describe('daily sweeps', () => {
  let env: IsolatedEnvironment;
  const contexts: INestApplicationContext[] = [];
  let dataSource: DataSource;
  let replicas: DailySweeps[];
  let secretSweep: SecretSweepService;

  async function openReplica(
    extra: { orphanAssetRetirement?: OrphanAssetRetirement } = {},
  ): Promise<INestApplicationContext> {
    const config = loadConfig(SweepsTestConfig, env.env);
    const service = ServiceName.Scheduler;
    const moduleRef = await Test.createTestingModule({
      imports: [
        ...platformModules({ service, config }),
        ServiceRuntimeModule.forRoot({ service, config }),
        DailySweepsModule.forRoot({
          service,
          sampleRetentionDays: 30,
          publicKeys: env.env['SECRETS_PUBLIC_KEYS'] ?? '',
          activeKeyId: env.env['SECRETS_ACTIVE_KEY_ID'] ?? '',
          ...(extra.orphanAssetRetirement
            ? {
                orphanAssetRetirement: {
                  provide: ORPHAN_ASSET_RETIREMENT,
                  useValue: extra.orphanAssetRetirement,
                },
              }
            : {}),
        }),
        SecretSweepModule.forRoot({
          service: ServiceName.ApiGateway,
          publicKeys: env.env['SECRETS_PUBLIC_KEYS'] ?? '',
          activeKeyId: env.env['SECRETS_ACTIVE_KEY_ID'] ?? '',
        }),
      ],
    }).compile();
    const context = await moduleRef.init();
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    env = await createIsolatedEnvironment('daily-sweeps');
    const first = await openReplica();
    const second = await openReplica();
    dataSource = first.get(DataSource);
    replicas = [first.get(DailySweeps), second.get(DailySweeps)];
    secretSweep = first.get(SecretSweepService);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await env?.cleanup();
  });

  const reportRows = (): Promise<ReportRow[]> =>
    dataSource.query<ReportRow[]>(
      `SELECT kind, claimed_day::text AS claimed_day, trigger, outcome, report, ran_by
         FROM sweep_reports ORDER BY kind`,
    );

  async function connection(secret: string | null, deleted = false): Promise<string> {
    const [row] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO connections (name, kind, config, secret_ciphertext, deleted_at)
       VALUES ($1, 'postgres', '{}'::jsonb, $2, $3) RETURNING id`,
      [`conn-${randomUUID()}`, secret, deleted ? new Date() : null],
    );
    return row.id;
  }

  /** A well-formed current envelope under `keyId` (random bytes: the sweep never opens it). */
  const envelope = (keyId: string): string =>
    ['v2', keyId, randomBytes(32), randomBytes(12), randomBytes(40)]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');

  async function otpChallenge(createdAgoMs: number, expiresInMs: number): Promise<string> {
    const now = Date.now();
    const [row] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO otp_challenges (email, code_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [
        `${randomUUID()}@example.test`,
        randomBytes(32),
        new Date(now - createdAgoMs),
        new Date(now + expiresInMs),
      ],
    );
    return row.id;
  }

  async function resultFinished(daysAgo: number): Promise<string> {
    const run = await dataSource.getRepository(RunEntity).save({
      suiteId: randomUUID(),
      trigger: RunTrigger.Manual,
      status: RunStatus.Succeeded,
    });
    const results = dataSource.getRepository(RunResultEntity);
    const saved = await results.save(
      results.create({
        runId: run.id,
        checkId: randomUUID(),
        outcome: 'fail',
        metricValue: 3,
        detail: { unexpected_count: 3, samples: [{ id: 1 }] },
        finishedAt: new Date(Date.now() - daysAgo * DAY),
      }),
    );
    return saved.id;
  }

  const secrets = async (): Promise<Record<string, string | null>> =>
    Object.fromEntries(
      (
        await dataSource.query<{ id: string; secret_ciphertext: string | null }[]>(
          `SELECT id, secret_ciphertext FROM connections`,
        )
      ).map((row) => [row.id, row.secret_ciphertext]),
    );

  it('answers never_run for the secret sweep before any sweep is recorded', async () => {
    expect(await secretSweep.lastReport()).toEqual({
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
    });
  });

  it('runs each sweep once per UTC day when two replicas race, and records every report', async () => {
    const usable = await connection(envelope('test'));
    const noSecret = await connection(null);
    const oldKey = await connection(envelope('retired'));
    const legacy = await connection('v1.abc.def.ghi');
    const deleted = await connection(envelope('test'), true);
    const staleOtp = await otpChallenge(2 * 60 * MINUTE, -60 * MINUTE);
    const freshOtp = await otpChallenge(0, 10 * MINUTE);
    const justExpiredOtp = await otpChallenge(5 * MINUTE, -MINUTE);
    const oldSample = await resultFinished(31);
    const recentSample = await resultFinished(2);
    const before = await secrets();

    const now = new Date();
    const ran = await Promise.all(replicas.map((replica) => replica.runDue(now)));
    const kinds = ran.flat().map((record) => record.kind);
    expect([...kinds].sort()).toEqual(Object.values(SweepKind).sort());

    // Again the same day, from either replica: nothing more runs.
    expect(await replicas[0].runDue(now)).toEqual([]);
    expect(await replicas[1].runDue(new Date(now.getTime() + 1000))).toEqual([]);

    const rows = new Map((await reportRows()).map((row) => [row.kind, row]));
    for (const kind of Object.values(SweepKind)) {
      expect(rows.get(kind)).toMatchObject({ claimed_day: now.toISOString().slice(0, 10), trigger: 'daily' });
      expect(rows.get(kind)?.ran_by).toMatch(/^scheduler@.+:\d+$/);
    }

    // Sample retention: the old sample is gone, the metric and the recent sample stay.
    expect(rows.get(SweepKind.SampleRetention)).toMatchObject({
      outcome: SweepOutcome.Completed,
      report: { retention_days: 30, purged: 1 },
    });
    const results = dataSource.getRepository(RunResultEntity);
    expect((await results.findOneByOrFail({ id: oldSample })).detail).toEqual({ unexpected_count: 3 });
    expect((await results.findOneByOrFail({ id: recentSample })).detail['samples']).toEqual([{ id: 1 }]);

    // Stale sign-in challenges: only the expired one outside the limit window goes.
    expect(rows.get(SweepKind.StaleOtpChallenges)).toMatchObject({
      outcome: SweepOutcome.Completed,
      report: { deleted: 1 },
    });
    const otpIds = (await dataSource.query<{ id: string }[]>(`SELECT id FROM otp_challenges`)).map(
      (row) => row.id,
    );
    expect(otpIds).not.toContain(staleOtp);
    expect(otpIds).toEqual(expect.arrayContaining([freshOtp, justExpiredOtp]));

    // Orphan assets: no assets context yet.
    expect(rows.get(SweepKind.OrphanAssets)).toMatchObject({
      outcome: SweepOutcome.Skipped,
      report: { reason: 'no_assets_context', retired: 0 },
    });

    // Orphan secrets: the three planted orphans, by id and reason; nothing deleted or changed.
    const expectedOrphans = [
      { connection_id: oldKey, reason: OrphanSecretReason.KeyNotInRing, key_id: 'retired' },
      { connection_id: legacy, reason: OrphanSecretReason.UnreadableEnvelope, key_id: null },
      { connection_id: deleted, reason: OrphanSecretReason.ConnectionDeleted, key_id: 'test' },
    ].sort((a, b) => a.connection_id.localeCompare(b.connection_id));
    const report = await secretSweep.lastReport();
    expect(report).toMatchObject({
      status: SecretSweepStatus.Completed,
      trigger: 'daily',
      counts: {
        sealed_credentials: 4,
        orphans: 3,
        connection_deleted: 1,
        key_not_in_ring: 1,
        unreadable_envelope: 1,
      },
      orphans_truncated: false,
      key_ids: ['test'],
      deleted: 0,
      error: null,
    });
    expect([...report.orphans].sort((a, b) => a.connection_id.localeCompare(b.connection_id))).toEqual(
      expectedOrphans,
    );
    expect(report.orphans.map((orphan) => orphan.connection_id)).not.toEqual(
      expect.arrayContaining([usable]),
    );
    expect(report.orphans.map((orphan) => orphan.connection_id)).not.toContain(noSecret);
    expect(await secrets()).toEqual(before);
    const stored = JSON.stringify(await reportRows());
    for (const secret of Object.values(before)) {
      if (secret) expect(stored).not.toContain(secret.split('.')[2]);
    }
    expect(stored).not.toContain('v1.abc');

    // The next UTC day, the sweeps run again (once).
    const tomorrow = new Date(now.getTime() + DAY);
    const next = await Promise.all(replicas.map((replica) => replica.runDue(tomorrow)));
    expect(next.flat()).toHaveLength(Object.values(SweepKind).length);
  });

  it('runs the secret sweep on demand, audited and report-only, without touching the daily claim', async () => {
    const orphan = await connection(envelope('gone'));
    const claimedBefore = (await reportRows()).find(
      (row) => row.kind === SweepKind.OrphanSecrets,
    )?.claimed_day;
    const before = await secrets();
    const actor = testActor(randomUUID(), { admin: true });

    const report = await secretSweep.runNow(actor);

    expect(report.status).toBe(SecretSweepStatus.Completed);
    expect(report.trigger).toBe('manual');
    expect(report.orphans).toContainEqual({
      connection_id: orphan,
      reason: OrphanSecretReason.KeyNotInRing,
      key_id: 'gone',
    });
    expect(Date.parse(report.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(report.started_at ?? ''));
    expect(await secretSweep.lastReport()).toEqual(report);
    expect(await secrets()).toEqual(before);
    const row = (await reportRows()).find((stored) => stored.kind === SweepKind.OrphanSecrets);
    expect(row?.claimed_day).toBe(claimedBefore);
    expect(row?.ran_by).toMatch(/^api-gateway@/);

    const [event] = await dataSource.query<
      { actor_user_id: string; target_type: string; target_id: string; detail: Record<string, unknown> }[]
    >(`SELECT actor_user_id, target_type, target_id, detail FROM audit_events WHERE action = $1`, [
      SecretSweepAuditAction.Run,
    ]);
    expect(event).toMatchObject({
      actor_user_id: actor.user.id,
      target_type: 'secret_sweep',
      target_id: SweepKind.OrphanSecrets,
      detail: {
        status: 'completed',
        checked: report.counts?.sealed_credentials,
        orphans: report.counts?.orphans,
        key_not_in_ring: report.counts?.key_not_in_ring,
      },
    });
  });

  it('lists at most the cap of orphans while counting them all', async () => {
    const planted = SECRET_SWEEP_MAX_LISTED + 5;
    await dataSource.query(
      `INSERT INTO connections (name, kind, config, secret_ciphertext)
       SELECT 'bulk-' || gen_random_uuid(), 'postgres', '{}'::jsonb, 'not-an-envelope'
         FROM generate_series(1, $1)`,
      [planted],
    );
    const report = await secretSweep.runNow(testActor(randomUUID(), { admin: true }));
    expect(report.counts?.unreadable_envelope).toBeGreaterThanOrEqual(planted);
    expect(report.orphans).toHaveLength(SECRET_SWEEP_MAX_LISTED);
    expect(report.orphans_truncated).toBe(true);
  });

  it('retires orphan assets through the assets context once one is plugged in, and records a failure', async () => {
    const retireOrphans = jest
      .fn<ReturnType<OrphanAssetRetirement['retireOrphans']>, [Date]>()
      .mockResolvedValueOnce({ retired: 2, asset_ids: ['a1', 'a2'] })
      .mockRejectedValueOnce(new Error('assets store down'));
    const context = await openReplica({ orphanAssetRetirement: { retireOrphans } });
    const reports = context.get(SweepReports);
    const later = new Date(Date.now() + 5 * DAY);

    const [assets] = (await context.get(DailySweeps).runDue(later)).filter(
      (record) => record.kind === SweepKind.OrphanAssets,
    );
    expect(assets).toMatchObject({
      outcome: SweepOutcome.Completed,
      report: { retired: 2, asset_ids: ['a1', 'a2'] },
    });

    const failed = (await context.get(DailySweeps).runDue(new Date(later.getTime() + DAY))).find(
      (record) => record.kind === SweepKind.OrphanAssets,
    );
    expect(failed?.outcome).toBe(SweepOutcome.Failed);
    expect(JSON.stringify(failed?.report)).not.toContain('assets store down');
    expect((await reports.read(SweepKind.OrphanAssets))?.outcome).toBe(SweepOutcome.Failed);
  });

  it('records skipped, checking nothing, in a process without a public key ring', async () => {
    const reports = contexts[0].get(SweepReports);
    const before = await secrets();
    const record = await reports.run(new OrphanSecretsSweep(dataSource, null), SweepTrigger.Daily);
    expect(record).toMatchObject({ outcome: SweepOutcome.Skipped, report: { reason: 'no_key_ring' } });
    expect(await secretSweep.lastReport()).toMatchObject({
      status: SecretSweepStatus.Skipped,
      error: 'no_key_ring',
      counts: null,
      orphans: [],
      deleted: 0,
    });
    expect(await secrets()).toEqual(before);
  });
});
