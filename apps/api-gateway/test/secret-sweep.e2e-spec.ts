/**
 * `GET /admin/secret-sweep` and `POST /admin/secret-sweep/run` through a real gateway: `never_run`
 * until a sweep is recorded, then the report of the run (a planted orphan found by id and reason).
 * Report-only: no credential is deleted or changed. The run is audited, the read is not; neither
 * body carries sealed material. Admins only: 401 anonymous, 403 for members and viewers, and a
 * refused call runs and records nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { OrphanSecretReason, type SecretSweepReport, SecretSweepAuditAction } from '@dq/contracts';
import { call, GatewayWorld } from '@dq/testing';

const ROLES = ['admin', 'member', 'viewer'] as const;
type Role = (typeof ROLES)[number];

/** A well-formed current envelope under `keyId` (random bytes: nothing opens it here). */
const envelope = (keyId: string): string =>
  ['v2', keyId, ...[32, 12, 40].map((size) => randomBytes(size).toString('base64url'))].join('.');

describe('secret sweep', () => {
  let world: GatewayWorld;
  let api: string;
  const tokens: Record<Role, string> = { admin: '', member: '', viewer: '' };

  const sweepEvents = (): Promise<{ actor_user_id: string; detail: Record<string, unknown> }[]> =>
    world.db.query(
      `SELECT actor_user_id, detail FROM audit_events WHERE action = $1 ORDER BY occurred_at, id`,
      [SecretSweepAuditAction.Run],
    );
  const storedSecrets = async (): Promise<Record<string, string | null>> =>
    Object.fromEntries(
      (
        await world.db.query<{ id: string; secret_ciphertext: string | null }[]>(
          `SELECT id, secret_ciphertext FROM connections ORDER BY id`,
        )
      ).map((row) => [row.id, row.secret_ciphertext]),
    );
  async function plantConnection(secret: string): Promise<string> {
    const [row] = await world.db.query<{ id: string }[]>(
      `INSERT INTO connections (name, kind, config, secret_ciphertext)
       VALUES ($1, 'postgres', '{}'::jsonb, $2) RETURNING id`,
      [`sweep-${randomUUID()}`, secret],
    );
    return row.id;
  }

  beforeAll(async () => {
    world = await GatewayWorld.create('secret-sweep');
    const gateway = await world.startGateway({ RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '10000' });
    api = `${gateway.url}/api/v1`;
    for (const role of ROLES) tokens[role] = await world.mintToken(`${role}@example.test`, role);
  }, 180_000);

  afterAll(async () => {
    await world?.close();
  });

  it('refuses anonymous callers, members and viewers, and runs nothing for them', async () => {
    for (const [method, path] of [
      ['GET', '/admin/secret-sweep'],
      ['POST', '/admin/secret-sweep/run'],
    ] as const) {
      const anonymous = await call(api, method, path);
      expect(anonymous.status).toBe(401);
      for (const role of ['member', 'viewer'] as const) {
        const refused = await call(api, method, path, { token: tokens[role] });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ error: { code: 'forbidden' } });
      }
    }
    expect(await sweepEvents()).toEqual([]);
    expect(await world.db.query(`SELECT kind FROM sweep_reports`)).toEqual([]);
  });

  it('answers never_run before any sweep, then the audited, report-only run and its report', async () => {
    const before = await call(api, 'GET', '/admin/secret-sweep', { token: tokens.admin });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      status: 'never_run',
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

    const usableSecret = envelope('test');
    const orphanSecret = envelope('retired');
    const usable = await plantConnection(usableSecret);
    const orphan = await plantConnection(orphanSecret);
    const secretsBefore = await storedSecrets();

    const ran = await call(api, 'POST', '/admin/secret-sweep/run', { token: tokens.admin });
    expect(ran.status).toBe(200);
    const report = ran.body as SecretSweepReport;
    expect(report).toMatchObject({
      status: 'completed',
      trigger: 'manual',
      counts: {
        sealed_credentials: 2,
        orphans: 1,
        key_not_in_ring: 1,
        connection_deleted: 0,
        unreadable_envelope: 0,
      },
      orphans: [{ connection_id: orphan, reason: OrphanSecretReason.KeyNotInRing, key_id: 'retired' }],
      orphans_truncated: false,
      key_ids: ['test'],
      deleted: 0,
      error: null,
    });
    expect(report.orphans.map((entry) => entry.connection_id)).not.toContain(usable);
    expect(Date.parse(report.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(report.started_at ?? ''));

    // Nothing deleted or changed, and no sealed material in either body.
    expect(await storedSecrets()).toEqual(secretsBefore);
    const after = await call(api, 'GET', '/admin/secret-sweep', { token: tokens.admin });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(report);
    for (const text of [ran.text, after.text]) {
      for (const secret of [usableSecret, orphanSecret]) {
        for (const part of secret.split('.').slice(2)) expect(text).not.toContain(part);
      }
    }

    // The run is audited once (with its counts); the reads are not.
    const adminId = ((await call(api, 'GET', '/me', { token: tokens.admin })).body as { id: string }).id;
    const events = await sweepEvents();
    expect(events).toEqual([
      {
        actor_user_id: adminId,
        detail: expect.objectContaining({ status: 'completed', orphans: 1, key_not_in_ring: 1, checked: 2 }),
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(orphanSecret.split('.')[2]);
  });
});
