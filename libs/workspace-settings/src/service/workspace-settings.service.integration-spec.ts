import { randomUUID } from 'node:crypto';
import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppError, type ScoringWeights, WorkspaceSettingsAuditAction } from '@dq/contracts';
import { AuditLog } from '@dq/audit';
import { DbModule } from '@dq/db';
import { type IsolatedEnvironment, createIsolatedEnvironment, testActor } from '@dq/testing';
import { WorkspaceSettingsModule } from '../workspace-settings.module';
import { WorkspaceSettingsService } from './workspace-settings.service';

const DEFAULTS = { warn: 1, fail: 3, critical: 5 };

/** JSON with keys sorted at every depth (jsonb does not keep the order they were written in). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}

interface AuditRow {
  action: string;
  actor_user_id: string;
  actor_credential: string;
  target_type: string;
  target_id: string;
  detail: { before: Record<string, unknown>; after: Record<string, unknown> };
}

const NO_EGRESS_ALLOWANCES = { allow_cidrs: [], allow_hosts: [], loopback_allowed: false };
describe('WorkspaceSettingsService (PostgreSQL)', () => {
  let env: IsolatedEnvironment;
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let settings: WorkspaceSettingsService;
  let pinned: WorkspaceSettingsService;
  const actor = testActor(randomUUID(), { credential: 'pat:settings-test' });

  const events = async (): Promise<AuditRow[]> =>
    dataSource.query<AuditRow[]>(
      `SELECT action, actor_user_id, actor_credential, target_type, target_id, detail
         FROM audit_events WHERE target_type = 'workspace_settings' ORDER BY occurred_at, id`,
    );
  const row = async () =>
    (await dataSource.query<Record<string, unknown>[]>(`SELECT * FROM workspace_quality_settings`))[0];

  beforeAll(async () => {
    env = await createIsolatedEnvironment('workspace-settings');
    const moduleRef = await Test.createTestingModule({
      imports: [
        DbModule.forRoot({ url: env.databaseUrl, applicationName: 'dq-workspace-settings-test' }),
        WorkspaceSettingsModule.forRoot({
          ZERO_SAMPLE_MODE: false,
          DEPLOYMENT_REGION: '',
          EGRESS_ALLOW_CIDRS: '10.20.0.0/16, fd12:3456::/48',
          EGRESS_ALLOW_HOSTS: '*.corp.example',
        }),
      ],
    }).compile();
    context = await moduleRef.init();
    dataSource = context.get(DataSource);
    settings = context.get(WorkspaceSettingsService);
    pinned = new WorkspaceSettingsService(dataSource, context.get(AuditLog), {
      zeroSampleModePinned: true,
      deploymentRegion: 'eu-central-1',
      egress: NO_EGRESS_ALLOWANCES,
    });
  });

  afterAll(async () => {
    await context?.close();
    await env?.cleanup();
  });

  beforeEach(async () => {
    await dataSource.query(`DELETE FROM workspace_quality_settings`);
  });

  it('answers the defaults while nothing is stored, without writing anything', async () => {
    expect(await settings.scoring()).toEqual({ weights: DEFAULTS, is_default: true, defaults: DEFAULTS });
    expect(await settings.scoringWeights()).toEqual(DEFAULTS);
    expect(await settings.zeroSampleMode()).toBe(false);
    expect(await settings.privacy()).toEqual({
      zero_sample_mode: false,
      stored_zero_sample_mode: false,
      source: 'default',
      env_pinned: false,
    });
    expect(await settings.deployment()).toEqual({
      deployment_region: null,
      zero_sample_mode: false,
      zero_sample_source: 'default',
      egress: {
        allow_cidrs: ['10.20.0.0/16', 'fd12:3456::/48'],
        allow_hosts: ['*.corp.example'],
        loopback_allowed: false,
      },
    });
    expect(await row()).toBeUndefined();
  });

  it('stores weights, audits the change with before and after, and resets to the defaults', async () => {
    const before = (await events()).length;
    const set = await settings.setScoring(actor, { warn: 0.5, fail: 2, critical: 8 });
    expect(set).toEqual({
      weights: { warn: 0.5, fail: 2, critical: 8 },
      is_default: false,
      defaults: DEFAULTS,
    });
    expect(await settings.scoringWeights()).toEqual({ warn: 0.5, fail: 2, critical: 8 });
    expect(await row()).toMatchObject({ warn_weight: 0.5, fail_weight: 2, critical_weight: 8 });

    const reset = await settings.resetScoring(actor);
    expect(reset).toEqual({ weights: DEFAULTS, is_default: true, defaults: DEFAULTS });
    expect(await settings.scoring()).toEqual(reset);

    const recorded = (await events()).slice(before);
    expect(recorded).toEqual([
      {
        action: WorkspaceSettingsAuditAction.ScoringUpdated,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'workspace_settings',
        target_id: 'scoring',
        detail: {
          before: { weights: DEFAULTS, is_default: true },
          after: { weights: { warn: 0.5, fail: 2, critical: 8 }, is_default: false },
        },
      },
      {
        action: WorkspaceSettingsAuditAction.ScoringReset,
        actor_user_id: actor.user.id,
        actor_credential: actor.credential,
        target_type: 'workspace_settings',
        target_id: 'scoring',
        detail: {
          before: { weights: { warn: 0.5, fail: 2, critical: 8 }, is_default: false },
          after: { weights: DEFAULTS, is_default: true },
        },
      },
    ]);
  });

  it('refuses weights that break the rule with 422 and changes and records nothing', async () => {
    await settings.setScoring(actor, { warn: 1, fail: 2, critical: 4 });
    const before = (await events()).length;
    for (const weights of [
      { warn: 4, fail: 3, critical: 5 },
      { warn: 0, fail: 0, critical: 0 },
      { warn: -1, fail: 0, critical: 1 },
    ]) {
      await expect(settings.setScoring(actor, weights)).rejects.toMatchObject({
        status: 422,
        code: 'validation_failed',
      });
    }
    expect(await settings.scoringWeights()).toEqual({ warn: 1, fail: 2, critical: 4 });
    expect((await events()).length).toBe(before);
  });

  it('has the database refuse weights that break the rule, whoever writes them', async () => {
    await settings.setScoring(actor, { warn: 1, fail: 2, critical: 4 });
    for (const assignment of [
      `"warn_weight" = 3`,
      `"critical_weight" = 0, "fail_weight" = 0, "warn_weight" = 0`,
      `"critical_weight" = NULL`,
      `"critical_weight" = 'Infinity'`,
    ]) {
      await expect(dataSource.query(`UPDATE workspace_quality_settings SET ${assignment}`)).rejects.toThrow(
        /workspace_quality_settings_check/,
      );
    }
    await expect(
      dataSource.query(`INSERT INTO workspace_quality_settings ("name") VALUES ('another')`),
    ).rejects.toThrow(/workspace_quality_settings_name_check/);
  });

  it('queues concurrent changes so each audit event starts where the previous one ended', async () => {
    const before = (await events()).length;
    const proposals: ScoringWeights[] = [1, 2, 3, 4, 5, 6].map((n) => ({
      warn: n,
      fail: n * 2,
      critical: n * 3,
    }));
    await Promise.all(proposals.map((weights) => settings.setScoring(actor, weights)));
    const recorded = (await events()).slice(before);
    expect(recorded).toHaveLength(proposals.length);
    // occurred_at is each transaction's start, not its commit: walk the chain from the defaults.
    const byBefore = new Map(recorded.map((event) => [canonical(event.detail.before), event]));
    expect(byBefore.size).toBe(recorded.length);
    let state: Record<string, unknown> = { weights: DEFAULTS, is_default: true };
    for (let step = 0; step < recorded.length; step += 1) {
      const next = byBefore.get(canonical(state));
      expect(next).toBeDefined();
      state = next!.detail.after;
    }
    expect(await settings.scoring()).toMatchObject(state);
  });

  it('stores the zero-sample toggle with an audit event; the weights stay as they were', async () => {
    await settings.setScoring(actor, { warn: 0, fail: 1, critical: 1 });
    const before = (await events()).length;
    expect(await settings.setPrivacy(actor, { zero_sample_mode: true })).toEqual({
      zero_sample_mode: true,
      stored_zero_sample_mode: true,
      source: 'setting',
      env_pinned: false,
    });
    expect(await settings.zeroSampleMode()).toBe(true);
    expect(await settings.deployment()).toEqual({
      deployment_region: null,
      zero_sample_mode: true,
      zero_sample_source: 'setting',
      egress: {
        allow_cidrs: ['10.20.0.0/16', 'fd12:3456::/48'],
        allow_hosts: ['*.corp.example'],
        loopback_allowed: false,
      },
    });
    await settings.setPrivacy(actor, { zero_sample_mode: false });
    expect(await settings.zeroSampleMode()).toBe(false);
    expect(await settings.privacy()).toMatchObject({ source: 'setting', stored_zero_sample_mode: false });
    expect(await settings.scoringWeights()).toEqual({ warn: 0, fail: 1, critical: 1 });

    const recorded = (await events()).slice(before);
    expect(recorded.map((event) => [event.action, event.target_id])).toEqual([
      [WorkspaceSettingsAuditAction.PrivacyUpdated, 'privacy'],
      [WorkspaceSettingsAuditAction.PrivacyUpdated, 'privacy'],
    ]);
    expect(recorded[0].detail).toEqual({
      before: {
        zero_sample_mode: false,
        stored_zero_sample_mode: false,
        source: 'default',
        env_pinned: false,
      },
      after: { zero_sample_mode: true, stored_zero_sample_mode: true, source: 'setting', env_pinned: false },
    });
  });

  it('keeps zero-sample mode on where the environment pins it: 409 to turn it off, nothing written', async () => {
    await settings.setPrivacy(actor, { zero_sample_mode: false });
    expect(await pinned.zeroSampleMode()).toBe(true);
    expect(await pinned.privacy()).toEqual({
      zero_sample_mode: true,
      stored_zero_sample_mode: false,
      source: 'env',
      env_pinned: true,
    });
    const before = (await events()).length;
    const refused = pinned.setPrivacy(actor, { zero_sample_mode: false });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      detail: { env_pinned: true },
    });
    expect((await events()).length).toBe(before);

    expect(await pinned.setPrivacy(actor, { zero_sample_mode: true })).toMatchObject({
      zero_sample_mode: true,
      stored_zero_sample_mode: true,
      source: 'env',
    });
    expect((await events()).length).toBe(before + 1);
    expect(await pinned.deployment()).toEqual({
      deployment_region: 'eu-central-1',
      zero_sample_mode: true,
      zero_sample_source: 'env',
      egress: NO_EGRESS_ALLOWANCES,
    });
    // The same stored toggle, read by a process the environment does not pin.
    expect(await settings.privacy()).toMatchObject({ zero_sample_mode: true, source: 'setting' });
  });
});
