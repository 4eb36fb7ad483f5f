import { randomUUID } from 'node:crypto';
import { API_KEY_MAX_LIVE, AppError, ErrorCode } from '@dq/contracts';
import { ApiKeyEntity } from '../entities';
import { type IdentityHarness, startIdentityHarness } from '../../test/support/identity-harness';
import { PAT_PATTERN, mintPersonalAccessToken } from '../tokens/personal-access-token';
import { hashToken } from '../tokens/token-hash';
import { UsersService } from '../users/users.service';
import { ApiKeysService } from './api-keys.service';
import { testActor } from '@dq/testing';

describe('ApiKeysService', () => {
  let harness: IdentityHarness;
  let apiKeys: ApiKeysService;
  let users: UsersService;

  const newUser = async (email = `${randomUUID()}@example.com`) =>
    (await users.provisionOnSignIn({ email, displayName: 'Key Owner' })).user;

  const xminOf = async (id: string): Promise<string> => {
    const [row] = await harness.dataSource.query<{ xmin: string }[]>(
      'SELECT xmin::text AS xmin FROM api_keys WHERE id = $1',
      [id],
    );
    return row.xmin;
  };

  async function expectAppError(promise: Promise<unknown>, code: ErrorCode): Promise<AppError> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
    return error as AppError;
  }

  beforeAll(async () => {
    harness = await startIdentityHarness('api-keys');
    apiKeys = harness.get(ApiKeysService);
    users = harness.get(UsersService);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('mints a token shown once and stores only its SHA-256', async () => {
    const user = await newUser();
    const created = await apiKeys.mint(user.id, { name: 'ci' });
    expect(created.token).toMatch(PAT_PATTERN);
    expect(created.key_prefix).toBe(created.token.slice(0, 16));
    expect(created.last_used_at).toBeNull();
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const [row] = await harness.dataSource.query<Record<string, unknown>[]>(
      'SELECT * FROM api_keys WHERE id = $1',
      [created.id],
    );
    expect((row.token_hash as Buffer).equals(hashToken(created.token))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(16));
  });

  it.each([0, 366, 1.5, -3])('refuses expires_in_days %p with the field named', async (days) => {
    const user = await newUser();
    const error = await expectAppError(
      apiKeys.mint(user.id, { name: 'bad', expires_in_days: days }),
      ErrorCode.ValidationFailed,
    );
    expect(error.detail.fields).toEqual([{ field: 'expires_in_days', problems: [expect.any(String)] }]);
    expect(await harness.dataSource.getRepository(ApiKeyEntity).countBy({ userId: user.id })).toBe(0);
  });

  it('caps a user at API_KEY_MAX_LIVE live keys: 409 api_key_limit; a revoked or expired key frees a place', async () => {
    const user = await newUser();
    const minted = [];
    for (let i = 0; i < API_KEY_MAX_LIVE; i += 1) minted.push(await apiKeys.mint(user.id, { name: `k${i}` }));
    const refused = await expectAppError(
      apiKeys.mint(user.id, { name: 'one too many' }),
      ErrorCode.ApiKeyLimit,
    );
    expect(refused.status).toBe(409);
    expect(refused.detail).toEqual({ limit: API_KEY_MAX_LIVE });
    // Another user is not held to this one's keys.
    await apiKeys.mint((await newUser()).id, { name: 'other' });
    await apiKeys.revoke(user.id, minted[0].id);
    await harness.dataSource.query(
      `UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [minted[1].id],
    );
    await apiKeys.mint(user.id, { name: 'after revoke' });
    await apiKeys.mint(user.id, { name: 'after expiry' });
    await expectAppError(apiKeys.mint(user.id, { name: 'full again' }), ErrorCode.ApiKeyLimit);
  });

  it('accepts 1 and 365 days', async () => {
    const user = await newUser();
    await expect(apiKeys.mint(user.id, { name: 'short', expires_in_days: 1 })).resolves.toBeDefined();
    await expect(apiKeys.mint(user.id, { name: 'long', expires_in_days: 365 })).resolves.toBeDefined();
  });

  it('lists metadata only, never a token or a hash, and hides revoked keys', async () => {
    const user = await newUser();
    const first = await apiKeys.mint(user.id, { name: 'first' });
    const second = await apiKeys.mint(user.id, { name: 'second' });
    await apiKeys.revoke(user.id, first.id);

    const listed = (await apiKeys.list(user.id)).items;
    expect(listed.map((key) => key.id)).toEqual([second.id]);
    expect(Object.keys(listed[0]).sort()).toEqual(
      ['created_at', 'expires_at', 'id', 'key_prefix', 'last_used_at', 'name'].sort(),
    );
    const text = JSON.stringify(listed);
    expect(text).not.toContain(second.token);
    expect(text).not.toContain(hashToken(second.token).toString('hex'));
    expect(text).not.toContain(hashToken(second.token).toString('base64'));
  });

  it('resolves a live key to its owner', async () => {
    const user = await newUser();
    const created = await apiKeys.mint(user.id, { name: 'live' });
    const resolved = await apiKeys.resolve(created.token);
    expect(resolved?.user.id).toBe(user.id);
    expect(resolved?.apiKeyId).toBe(created.id);
  });

  it('resolves unknown, revoked, expired and deactivated-owner keys to null', async () => {
    const user = await newUser();
    const revoked = await apiKeys.mint(user.id, { name: 'revoked' });
    const expired = await apiKeys.mint(user.id, { name: 'expired' });
    await apiKeys.revoke(user.id, revoked.id);
    await harness.dataSource.query(
      `UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expired.id],
    );
    expect(await apiKeys.resolve(mintPersonalAccessToken())).toBeNull();
    expect(await apiKeys.resolve(revoked.token)).toBeNull();
    expect(await apiKeys.resolve(expired.token)).toBeNull();

    const owner = await newUser();
    const ownersKey = await apiKeys.mint(owner.id, { name: 'owner' });
    expect(await apiKeys.resolve(ownersKey.token)).not.toBeNull();
    await users.deactivate(owner.id);
    expect(await apiKeys.resolve(ownersKey.token)).toBeNull();
  });

  it('refuses a bad checksum or shape without touching the database', async () => {
    const user = await newUser();
    const created = await apiKeys.mint(user.id, { name: 'tamper' });
    const last = created.token[created.token.length - 1];
    const tampered = created.token.slice(0, -1) + (last === 'a' ? 'b' : 'a');
    const queries = jest.spyOn(harness.dataSource, 'createQueryRunner');
    try {
      expect(await apiKeys.resolve(tampered)).toBeNull();
      expect(await apiKeys.resolve('svc_live_short')).toBeNull();
      expect(await apiKeys.resolve('')).toBeNull();
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('records last_used_at coarsely: two resolves within five minutes write once', async () => {
    const user = await newUser();
    const created = await apiKeys.mint(user.id, { name: 'coarse' });
    const beforeAnyUse = await xminOf(created.id);

    await apiKeys.resolve(created.token);
    const afterFirst = await xminOf(created.id);
    expect(afterFirst).not.toBe(beforeAnyUse);
    const [firstUse] = (await apiKeys.list(user.id)).items;
    expect(firstUse.last_used_at).not.toBeNull();

    await apiKeys.resolve(created.token);
    expect(await xminOf(created.id)).toBe(afterFirst);
    expect((await apiKeys.list(user.id)).items[0].last_used_at).toBe(firstUse.last_used_at);

    // Once the last use is older than five minutes, the next resolve records it again.
    await harness.dataSource.query(
      `UPDATE api_keys SET last_used_at = now() - interval '6 minutes' WHERE id = $1`,
      [created.id],
    );
    const aged = await xminOf(created.id);
    await apiKeys.resolve(created.token);
    expect(await xminOf(created.id)).not.toBe(aged);
  });

  it('revokes idempotently; another user key and an unknown id are the same 404', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const created = await apiKeys.mint(owner.id, { name: 'mine' });

    const strangers = await expectAppError(apiKeys.revoke(stranger.id, created.id), ErrorCode.NotFound);
    const unknown = await expectAppError(apiKeys.revoke(stranger.id, randomUUID()), ErrorCode.NotFound);
    const malformed = await expectAppError(apiKeys.revoke(stranger.id, 'not-a-uuid'), ErrorCode.NotFound);
    expect(strangers.toBody()).toEqual(unknown.toBody());
    expect(malformed.toBody()).toEqual(unknown.toBody());
    expect(await apiKeys.resolve(created.token)).not.toBeNull();

    expect(await apiKeys.revoke(owner.id, created.id)).toBe(true);
    expect(await apiKeys.revoke(owner.id, created.id)).toBe(false);
    expect(await apiKeys.resolve(created.token)).toBeNull();
  });

  it('audits creation and revocation once each, with nothing of the token', async () => {
    const user = await newUser();
    const created = await apiKeys.mint(
      user.id,
      { name: 'audited' },
      testActor(user.id, { credential: 'session:test' }),
    );
    await apiKeys.revoke(user.id, created.id);
    await apiKeys.revoke(user.id, created.id);
    const events = await harness.dataSource.query<Record<string, unknown>[]>(
      'SELECT * FROM audit_events WHERE target_id = $1 ORDER BY occurred_at, action',
      [created.id],
    );
    expect(events.map((event) => [event.action, event.actor_user_id, event.actor_credential])).toEqual([
      ['api_key.created', user.id, 'session:test'],
      ['api_key.revoked', user.id, null],
    ]);
    expect(events[0].detail).toEqual({ name: 'audited', expires_at: created.expires_at });
    const everything = JSON.stringify(await harness.dataSource.query('SELECT * FROM audit_events'));
    expect(everything).not.toContain(created.token.slice(9));
    expect(everything).not.toContain(hashToken(created.token).toString('hex'));
  });

  it('revokes every live key of a user for offboarding', async () => {
    const user = await newUser();
    const other = await newUser();
    const keys = [await apiKeys.mint(user.id, { name: 'a' }), await apiKeys.mint(user.id, { name: 'b' })];
    const othersKey = await apiKeys.mint(other.id, { name: 'c' });
    expect(await apiKeys.revokeAllFor(user.id)).toBe(2);
    for (const key of keys) expect(await apiKeys.resolve(key.token)).toBeNull();
    expect(await apiKeys.resolve(othersKey.token)).not.toBeNull();
    expect(await apiKeys.revokeAllFor(user.id)).toBe(0);
  });
});
