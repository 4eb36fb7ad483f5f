/**
 * The Admin area's workspace settings through real gateways: health-score weights (validated,
 * audited, reset), zero-sample mode (stored toggle, the environment's pin and the 409 when a
 * request would undo it) and the deployment posture. Admins only: 401 without a credential, 403 for
 * members and viewers. A refused call changes and records nothing; reads are never audited.
 */
import {
  type DeploymentView,
  type ErrorEnvelope,
  type PrivacySettingsView,
  SCORING_WEIGHTS_RULE,
  type ScoringSettingsView,
  type ScoringWeights,
  WorkspaceSettingsAuditAction,
} from '@dq/contracts';
import { type AppProcess, call, GatewayWorld } from '@dq/testing';

const DEFAULTS: ScoringWeights = { warn: 1, fail: 3, critical: 5 };
const ROLES = ['admin', 'member', 'viewer'] as const;
type Role = (typeof ROLES)[number];

interface AuditRow {
  action: string;
  actor_user_id: string | null;
  actor_credential: string | null;
  target_type: string | null;
  target_id: string | null;
  detail: { before: unknown; after: unknown };
}

/** The first gateway's egress allowances, normalised as the guard applies them. */
const ALLOWANCES = {
  allow_cidrs: ['10.20.0.0/16', 'fd12:3456::/48'],
  allow_hosts: ['*.corp.example', 'warehouse.vpce.example'],
  loopback_allowed: false,
};

describe('workspace settings', () => {
  let world: GatewayWorld;
  /** DEPLOYMENT_REGION=eu-west-1, egress allowances, zero-sample mode not pinned. */
  let gateway: AppProcess;
  /** ZERO_SAMPLE_MODE=on, no region: the same database as `gateway`. */
  let pinnedGateway: AppProcess;
  let api: string;
  let pinnedApi: string;
  const tokens: Record<Role, string> = { admin: '', member: '', viewer: '' };
  let adminId: string;

  const settingsEvents = (): Promise<AuditRow[]> =>
    world.db.query<AuditRow[]>(
      `SELECT action, actor_user_id, actor_credential, target_type, target_id, detail
         FROM audit_events WHERE target_type = 'workspace_settings' ORDER BY occurred_at, id`,
    );
  const settingsEventCount = async (): Promise<number> => (await settingsEvents()).length;
  const asAdmin = (method: string, path: string, body?: unknown, base = api) =>
    call(base, method, path, { token: tokens.admin, ...(body !== undefined ? { body } : {}) });
  const scoring = async (): Promise<ScoringSettingsView> =>
    (await asAdmin('GET', '/admin/scoring')).body as ScoringSettingsView;

  beforeAll(async () => {
    world = await GatewayWorld.create('workspace-settings');
    [gateway, pinnedGateway] = await Promise.all([
      world.startGateway({
        RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000',
        DEPLOYMENT_REGION: 'eu-west-1',
        EGRESS_ALLOW_CIDRS: '10.20.0.0/16, fd12:3456::/48',
        EGRESS_ALLOW_HOSTS: '*.corp.example,warehouse.vpce.example',
      }),
      world.startGateway({ RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000', ZERO_SAMPLE_MODE: 'on' }),
    ]);
    api = `${gateway.url}/api/v1`;
    pinnedApi = `${pinnedGateway.url}/api/v1`;
    for (const role of ROLES) tokens[role] = await world.mintToken(`${role}@example.test`, role);
    adminId = ((await call(api, 'GET', '/me', { token: tokens.admin })).body as { id: string }).id;
  }, 180_000);

  afterAll(async () => {
    await world?.close();
  });

  it('starts from the defaults: the default weights of docs/decisions/0021, zero-sample mode off, the declared region', async () => {
    expect(await scoring()).toEqual({ weights: DEFAULTS, is_default: true, defaults: DEFAULTS });
    expect((await asAdmin('GET', '/admin/privacy')).body).toEqual({
      zero_sample_mode: false,
      stored_zero_sample_mode: false,
      source: 'default',
      env_pinned: false,
    });
    expect((await asAdmin('GET', '/admin/deployment')).body).toEqual({
      deployment_region: 'eu-west-1',
      zero_sample_mode: false,
      zero_sample_source: 'default',
      egress: ALLOWANCES,
    });
    expect(await settingsEventCount()).toBe(0);
  });

  describe('authorization', () => {
    // Every row has all three entries: Jest takes a test function with more parameters than its
    // row has values for a `done`-callback test, and would wait for a `done` that never comes.
    const ROUTES: [method: string, path: string, body: unknown][] = [
      ['GET', '/admin/scoring', undefined],
      ['PUT', '/admin/scoring', DEFAULTS],
      ['DELETE', '/admin/scoring', undefined],
      ['GET', '/admin/privacy', undefined],
      ['PUT', '/admin/privacy', { zero_sample_mode: false }],
      ['GET', '/admin/deployment', undefined],
    ];

    it.each(ROUTES)(
      '%s %s: 401 without a credential, 403 for a member and a viewer, 200 for an admin',
      async (method, path, body) => {
        const send = (token?: string) =>
          call(api, method, path, { ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });
        const anonymous = await send();
        expect(anonymous.status).toBe(401);
        expect((anonymous.body as ErrorEnvelope).error.code).toBe('unauthenticated');
        const before = await settingsEventCount();
        for (const role of ['member', 'viewer'] as const) {
          const refused = await send(tokens[role]);
          expect(refused.status).toBe(403);
          expect((refused.body as ErrorEnvelope).error.code).toBe('forbidden');
        }
        // A refused change is not made, so it is not recorded either.
        expect(await settingsEventCount()).toBe(before);
        expect((await send(tokens.admin)).status).toBe(200);
        expect(await settingsEventCount()).toBe(before + (method === 'GET' ? 0 : 1));
      },
    );
  });

  describe('scoring', () => {
    beforeEach(async () => {
      expect((await asAdmin('DELETE', '/admin/scoring')).status).toBe(200);
    });

    it('shows the defaults, stores valid weights, and DELETE resets them: is_default flips both ways', async () => {
      expect(await scoring()).toEqual({ weights: DEFAULTS, is_default: true, defaults: DEFAULTS });

      const put = await asAdmin('PUT', '/admin/scoring', { warn: 0, fail: 2.5, critical: 2.5 });
      expect(put.status).toBe(200);
      const stored: ScoringSettingsView = {
        weights: { warn: 0, fail: 2.5, critical: 2.5 },
        is_default: false,
        defaults: DEFAULTS,
      };
      expect(put.body).toEqual(stored);
      expect(await scoring()).toEqual(stored);
      // Both gateways read the same stored weights.
      expect((await asAdmin('GET', '/admin/scoring', undefined, pinnedApi)).body).toEqual(stored);

      // Storing the default values explicitly is still a stored choice.
      expect((await asAdmin('PUT', '/admin/scoring', DEFAULTS)).body).toEqual({
        weights: DEFAULTS,
        is_default: false,
        defaults: DEFAULTS,
      });

      const reset = await asAdmin('DELETE', '/admin/scoring');
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ weights: DEFAULTS, is_default: true, defaults: DEFAULTS });
      expect(await scoring()).toEqual({ weights: DEFAULTS, is_default: true, defaults: DEFAULTS });
    });

    it('records an audit event for every PUT and DELETE, with the actor and the values before and after', async () => {
      const before = await settingsEventCount();
      await asAdmin('PUT', '/admin/scoring', { warn: 1, fail: 2, critical: 4 });
      await asAdmin('DELETE', '/admin/scoring');
      await asAdmin('GET', '/admin/scoring');
      const recorded = (await settingsEvents()).slice(before);
      expect(recorded).toHaveLength(2);
      expect(recorded[0]).toMatchObject({
        action: WorkspaceSettingsAuditAction.ScoringUpdated,
        actor_user_id: adminId,
        actor_credential: expect.stringMatching(/^pat:/),
        target_type: 'workspace_settings',
        target_id: 'scoring',
        detail: {
          before: { weights: DEFAULTS, is_default: true },
          after: { weights: { warn: 1, fail: 2, critical: 4 }, is_default: false },
        },
      });
      expect(recorded[1]).toMatchObject({
        action: WorkspaceSettingsAuditAction.ScoringReset,
        actor_user_id: adminId,
        target_id: 'scoring',
        detail: {
          before: { weights: { warn: 1, fail: 2, critical: 4 }, is_default: false },
          after: { weights: DEFAULTS, is_default: true },
        },
      });
    });

    const ORDER_RULE = { rule: SCORING_WEIGHTS_RULE };
    it.each([
      ['warn above fail', { warn: 4, fail: 3, critical: 5 }, 'fail', ORDER_RULE],
      ['fail above critical', { warn: 1, fail: 6, critical: 5 }, 'critical', ORDER_RULE],
      ['critical 0', { warn: 0, fail: 0, critical: 0 }, 'critical', ORDER_RULE],
      ['a negative warn', { warn: -1, fail: 3, critical: 5 }, 'warn', ORDER_RULE],
      ['all negative', { warn: -3, fail: -2, critical: -1 }, 'critical', ORDER_RULE],
      ['critical missing', { warn: 1, fail: 3 }, 'critical', {}],
      ['every weight missing', {}, 'warn', {}],
      ['a string', { warn: '1', fail: 3, critical: 5 }, 'warn', {}],
      ['a null', { warn: 1, fail: null, critical: 5 }, 'fail', {}],
      ['a boolean', { warn: true, fail: 3, critical: 5 }, 'warn', {}],
      ['an unknown field', { ...DEFAULTS, pass: 0 }, 'pass', {}],
      ['nested weights', { weights: DEFAULTS }, 'weights', {}],
    ])(
      'refuses %s with 422 validation_failed naming the field, and changes nothing',
      async (_case, body, field, extra) => {
        await asAdmin('PUT', '/admin/scoring', { warn: 1, fail: 2, critical: 4 });
        const before = await settingsEventCount();
        const refused = await asAdmin('PUT', '/admin/scoring', body);
        expect(refused.status).toBe(422);
        const { error } = refused.body as ErrorEnvelope;
        expect(error.code).toBe('validation_failed');
        expect(error.detail).toMatchObject(extra);
        const fields = (error.detail['fields'] as { field: string; problems: string[] }[]).map(
          (f) => f.field,
        );
        expect(fields).toContain(field);
        expect(await scoring()).toEqual({
          weights: { warn: 1, fail: 2, critical: 4 },
          is_default: false,
          defaults: DEFAULTS,
        });
        expect(await settingsEventCount()).toBe(before);
      },
    );

    it('refuses a weight JSON cannot carry as a finite number (1e999), changing nothing', async () => {
      const before = await settingsEventCount();
      const response = await fetch(`${api}/admin/scoring`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
        body: '{"warn":1,"fail":3,"critical":1e999}',
      });
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorEnvelope).error.code).toBe('validation_failed');
      expect(await scoring()).toMatchObject({ is_default: true });
      expect(await settingsEventCount()).toBe(before);
    });
  });

  describe('privacy and deployment', () => {
    it('is off by default, follows the stored toggle when not pinned, and audits each PUT (never a GET)', async () => {
      const privacy = async (): Promise<PrivacySettingsView> =>
        (await asAdmin('GET', '/admin/privacy')).body as PrivacySettingsView;
      // The authorization test above stored `false` once: the source is the setting from then on.
      expect(await privacy()).toEqual({
        zero_sample_mode: false,
        stored_zero_sample_mode: false,
        source: 'setting',
        env_pinned: false,
      });

      const before = await settingsEventCount();
      const on = await asAdmin('PUT', '/admin/privacy', { zero_sample_mode: true });
      expect(on.status).toBe(200);
      expect(on.body).toEqual({
        zero_sample_mode: true,
        stored_zero_sample_mode: true,
        source: 'setting',
        env_pinned: false,
      });
      expect(await privacy()).toEqual(on.body);
      expect((await asAdmin('GET', '/admin/deployment')).body).toEqual({
        deployment_region: 'eu-west-1',
        zero_sample_mode: true,
        zero_sample_source: 'setting',
        egress: ALLOWANCES,
      } satisfies DeploymentView);

      const off = await asAdmin('PUT', '/admin/privacy', { zero_sample_mode: false });
      expect(off.body).toEqual({
        zero_sample_mode: false,
        stored_zero_sample_mode: false,
        source: 'setting',
        env_pinned: false,
      });
      const recorded = (await settingsEvents()).slice(before);
      expect(recorded.map((event) => [event.action, event.target_id, event.actor_user_id])).toEqual([
        [WorkspaceSettingsAuditAction.PrivacyUpdated, 'privacy', adminId],
        [WorkspaceSettingsAuditAction.PrivacyUpdated, 'privacy', adminId],
      ]);
      expect(recorded[0].detail).toMatchObject({
        before: { zero_sample_mode: false, stored_zero_sample_mode: false },
        after: { zero_sample_mode: true, stored_zero_sample_mode: true },
      });
    });

    it.each([
      ['a missing field', {}],
      ['a string', { zero_sample_mode: 'true' }],
      ['a number', { zero_sample_mode: 1 }],
      ['an unknown field', { zero_sample_mode: true, env_pinned: false }],
    ])('refuses %s with 422 and changes nothing', async (_case, body) => {
      const before = await settingsEventCount();
      const refused = await asAdmin('PUT', '/admin/privacy', body);
      expect(refused.status).toBe(422);
      expect((refused.body as ErrorEnvelope).error.code).toBe('validation_failed');
      expect((await asAdmin('GET', '/admin/privacy')).body).toMatchObject({ stored_zero_sample_mode: false });
      expect(await settingsEventCount()).toBe(before);
    });

    it('is on where ZERO_SAMPLE_MODE=on pins it: 409 to turn it off, nothing stored or recorded', async () => {
      expect((await asAdmin('GET', '/admin/privacy', undefined, pinnedApi)).body).toEqual({
        zero_sample_mode: true,
        stored_zero_sample_mode: false,
        source: 'env',
        env_pinned: true,
      });
      expect((await asAdmin('GET', '/admin/deployment', undefined, pinnedApi)).body).toEqual({
        deployment_region: null,
        zero_sample_mode: true,
        zero_sample_source: 'env',
        egress: { allow_cidrs: [], allow_hosts: [], loopback_allowed: false },
      });

      const before = await settingsEventCount();
      const refused = await asAdmin('PUT', '/admin/privacy', { zero_sample_mode: false }, pinnedApi);
      expect(refused.status).toBe(409);
      expect((refused.body as ErrorEnvelope).error).toMatchObject({
        code: 'conflict',
        detail: { env_pinned: true },
      });
      expect(await settingsEventCount()).toBe(before);
      // Members are refused before the pin is even considered.
      const member = await call(pinnedApi, 'PUT', '/admin/privacy', {
        token: tokens.member,
        body: { zero_sample_mode: false },
      });
      expect(member.status).toBe(403);

      // Turning it on is allowed where pinned: it stores the toggle, which then holds everywhere.
      const on = await asAdmin('PUT', '/admin/privacy', { zero_sample_mode: true }, pinnedApi);
      expect(on.status).toBe(200);
      expect(on.body).toEqual({
        zero_sample_mode: true,
        stored_zero_sample_mode: true,
        source: 'env',
        env_pinned: true,
      });
      expect(await settingsEventCount()).toBe(before + 1);
      expect((await asAdmin('GET', '/admin/privacy')).body).toMatchObject({
        zero_sample_mode: true,
        source: 'setting',
        env_pinned: false,
      });

      // The gateway that is not pinned may turn the stored toggle off; the pinned one stays on.
      expect((await asAdmin('PUT', '/admin/privacy', { zero_sample_mode: false })).status).toBe(200);
      expect((await asAdmin('GET', '/admin/privacy', undefined, pinnedApi)).body).toMatchObject({
        zero_sample_mode: true,
        stored_zero_sample_mode: false,
        source: 'env',
      });
    });
  });
});
