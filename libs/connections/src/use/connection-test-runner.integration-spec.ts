import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  AppError,
  type ConnectionTestResult,
  type CreateConnectionRequest,
  type DatasourceErrorClass,
  type DatasourceTestRequest,
  ErrorCode,
} from '@dq/contracts';
import { SecretOpener } from '@dq/secrets-opening';
import { testActor } from '@dq/testing';
import { securityPorts } from '../ports/connection-ports';
import { ConnectionUseService } from '../service/connection-use.service';
import {
  type ConnectionsContext,
  scriptedEgressGuard,
  startConnectionsContext,
} from '../../test/connections-context';
import { ConnectionsService, connectionSecretAad } from '../service/connections.service';
import {
  type ConnectionProbe,
  ConnectionTestRunner,
  type ProbeOutcome,
  type ProbeTarget,
} from './connection-test-runner';

const SECRET = 'Probe-s3cret-never-leaks-41d9';
const NEW_SECRET = 'Rotated-s3cret-never-leaks-77b1';
const resolve = async (host: string) =>
  host.startsWith('internal')
    ? [{ address: '10.0.0.7', family: 4 }]
    : [{ address: '93.184.216.34', family: 4 }];

const pg = (name: string): CreateConnectionRequest => ({
  name,
  kind: 'postgres',
  config: { host: 'db.example.com', port: 5432, database: 'd', user: 'u', sslmode: 'require' },
  credential: { password: SECRET },
});

const failure = (cls: DatasourceErrorClass): ProbeOutcome => ({
  ok: false,
  error: { class: cls, message: `classified ${cls}` },
});

interface HealthRow {
  health_status: string;
  consecutive_auth_failures: number;
  last_auth_success_at: Date | null;
  last_auth_failure_at: Date | null;
  last_error: Record<string, unknown> | null;
}

describe('ConnectionTestRunner and credential health', () => {
  let connections: ConnectionsContext;
  let db: DataSource;
  let service: ConnectionsService;
  let use: ConnectionUseService;
  const { opener: cipher, sealer } = SecretOpener.withFreshKeyForTests();
  const actor = testActor();

  /** A probe that answers from a script and remembers what it was given. */
  let next: ProbeOutcome = { ok: true, details: { version: 'x' } };
  const seen: ProbeTarget[] = [];
  const probe: ConnectionProbe = async (target) => {
    seen.push(target);
    return next;
  };
  let runner: ConnectionTestRunner;

  const health = async (id: string): Promise<HealthRow> =>
    (
      await db.query<HealthRow[]>(
        `SELECT health_status, consecutive_auth_failures, last_auth_success_at, last_auth_failure_at, last_error
           FROM connections WHERE id = $1`,
        [id],
      )
    )[0];
  const saved = (id: string): DatasourceTestRequest => ({
    connection_id: id,
    // What the request says about config is ignored for a saved connection: the row decides.
    kind: 'postgres',
    config: { host: 'elsewhere.example.com' },
    sealed_credential: null,
    aad: connectionSecretAad(id),
  });
  const everything = async (): Promise<string> =>
    JSON.stringify([
      await db.query(`SELECT * FROM connection_versions`),
      await db.query(`SELECT * FROM audit_events`),
      await db.query(`SELECT id, name, config, last_error FROM connections`),
    ]);

  beforeAll(async () => {
    connections = await startConnectionsContext('connection-tests', scriptedEgressGuard(resolve), (guard) =>
      securityPorts(sealer, guard),
    );
    ({ db, service } = connections);
    use = connections.context.get(ConnectionUseService);
    runner = new ConnectionTestRunner(cipher, use, probe);
  });

  afterAll(async () => {
    expect(await everything()).not.toContain(SECRET);
    expect(await everything()).not.toContain(NEW_SECRET);
    await connections?.close();
  });

  beforeEach(() => {
    seen.length = 0;
    next = { ok: true, details: { version: 'x' } };
  });

  it('opens a saved credential from the row, and success makes health healthy', async () => {
    const { id, credential_health } = await service.create(pg('ok'), actor);
    expect(credential_health?.status).toBe('unknown');
    const result = await runner.run(saved(id));
    expect(result).toMatchObject({ ok: true, error: null, details: { version: 'x' } });
    expect(seen[0]).toEqual({
      id,
      kind: 'postgres',
      config: pg('ok').config,
      credential: { password: SECRET },
    });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    const row = await health(id);
    expect(row).toMatchObject({ health_status: 'healthy', consecutive_auth_failures: 0 });
    expect(row.last_auth_success_at).not.toBeNull();
  });

  it('counts credential rejections and resets on success', async () => {
    const { id } = await service.create(pg('auth'), actor);
    next = failure('auth');
    const first = await runner.run(saved(id));
    expect(first).toMatchObject({
      ok: false,
      error: { class: 'auth', message: 'classified auth' },
      details: {},
    });
    await runner.run(saved(id));
    const failing = await health(id);
    expect(failing).toMatchObject({
      health_status: 'failing',
      consecutive_auth_failures: 2,
      last_error: { class: 'auth', message: 'classified auth' },
    });
    expect(failing.last_auth_failure_at).not.toBeNull();
    expect((await service.get(id)).credential_health).toMatchObject({
      status: 'failing',
      consecutive_auth_failures: 2,
    });

    next = { ok: true, details: {} };
    await runner.run(saved(id));
    expect(await health(id)).toMatchObject({ health_status: 'healthy', consecutive_auth_failures: 0 });
  });

  it('stores the capabilities a passing test reports, keeps them through a failure, forgets them when the target moves', async () => {
    const { id, capabilities } = await service.create(pg('capabilities'), actor);
    expect(capabilities).toBeNull();
    next = { ok: true, details: { capabilities: { native_dmf: true, injected: { a: 1 } } } };
    await runner.run(saved(id));
    const stored = (await service.get(id)).capabilities;
    expect(stored).toEqual({ native_dmf: true, checked_at: expect.any(String) });

    next = failure('unreachable');
    await runner.run(saved(id));
    expect((await service.get(id)).capabilities).toEqual(stored);
    next = { ok: true, details: { server_version: '16' } };
    await runner.run(saved(id));
    expect((await service.get(id)).capabilities).toEqual(stored);

    // Same host, another database: still the same target, the finding stands.
    await service.update(id, { config: { database: 'other' } }, actor);
    expect((await service.get(id)).capabilities).toEqual(stored);
    await service.update(
      id,
      { config: { host: 'db2.example.com' }, credential: { password: SECRET } },
      actor,
    );
    expect((await service.get(id)).capabilities).toBeNull();
  });

  it('loses no count when rejections arrive at once', async () => {
    const { id } = await service.create(pg('concurrent'), actor);
    next = failure('auth');
    await Promise.all(Array.from({ length: 10 }, () => runner.run(saved(id))));
    expect((await health(id)).consecutive_auth_failures).toBe(10);
  });

  it.each(['permission', 'not_found', 'unreachable', 'timeout', 'invalid', 'cancelled'] as const)(
    'leaves health untouched on %s',
    async (cls) => {
      const { id } = await service.create(pg(`untouched-${cls}`), actor);
      next = failure('auth');
      await runner.run(saved(id));
      const before = await health(id);
      next = failure(cls);
      const result = await runner.run(saved(id));
      expect(result.error).toEqual({ class: cls, message: `classified ${cls}` });
      expect(await health(id)).toEqual(before);
    },
  );

  it('never gives an orchestration connection health', async () => {
    const created = await service.create(
      {
        name: 'sched',
        kind: 'scheduler',
        config: { base_url: 'https://sched.example.com' },
        credential: { token: SECRET },
      },
      actor,
    );
    const before = await health(created.id);
    await use.recordCredentialUse(created.id, 'auth');
    await use.recordCredentialUse(created.id, 'success');
    expect(await health(created.id)).toEqual(before);
    expect((await service.get(created.id)).credential_health).toBeNull();
  });

  it('answers a credential that does not open as a classified failure, leaving health alone', async () => {
    const a = await service.create(pg('copy-a'), actor);
    const b = await service.create(pg('copy-b'), actor);
    // Ciphertext copied from another row does not open under this row's AAD.
    await db.query(
      `UPDATE connections SET secret_ciphertext = (SELECT secret_ciphertext FROM connections WHERE id = $1) WHERE id = $2`,
      [a.id, b.id],
    );
    const before = await health(b.id);
    const result = await runner.run(saved(b.id));
    expect(result).toMatchObject({ ok: false, error: { class: 'invalid' } });
    expect(seen).toHaveLength(0);
    expect(await health(b.id)).toEqual(before);
  });

  it('answers an unknown saved connection with not_found', async () => {
    await expect(runner.run(saved(randomUUID()))).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('tests a draft sealed for the test, writes nothing, and refuses a replayed connection secret', async () => {
    const draft = await service.draftTestRequest({
      kind: 'postgres',
      config: pg('x').config,
      credential: { password: SECRET },
    });
    expect(draft.connection_id).toBeNull();
    expect(draft.aad).toMatch(/^draft:/);
    expect(JSON.stringify(draft)).not.toContain(SECRET);
    const before = await everything();
    const result = await runner.run(draft);
    expect(result.ok).toBe(true);
    expect(seen[0]?.credential).toEqual({ password: SECRET });
    expect(await everything()).toBe(before);

    // A saved row's ciphertext presented as a draft under the row's AAD is refused, not opened.
    const { id } = await service.create(pg('replayed'), actor);
    const [{ secret_ciphertext }] = await db.query<{ secret_ciphertext: string }[]>(
      'SELECT secret_ciphertext FROM connections WHERE id = $1',
      [id],
    );
    seen.length = 0;
    await expect(
      runner.run({ ...draft, sealed_credential: secret_ciphertext, aad: connectionSecretAad(id) }),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(seen).toHaveLength(0);
  });

  it('takes a draft with a null credential as one with none: nothing sealed', async () => {
    const draft = await service.draftTestRequest({
      kind: 'postgres',
      config: pg('x').config,
      credential: null as unknown as undefined,
    });
    expect(draft.sealed_credential).toBeNull();
  });

  it('checks a draft by the per-kind rules and the egress policy before sealing', async () => {
    await expect(
      service.draftTestRequest({ kind: 'postgres', config: { host: 'db.example.com' } }),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    await expect(
      service.draftTestRequest({
        kind: 'object_store',
        config: { bucket: 'b', endpoint_url: 'https://internal.example.com' },
        credential: { access_key_id: 'AKIA1', secret_access_key: SECRET },
      }),
    ).rejects.toMatchObject({ code: ErrorCode.UrlForbidden });
  });

  it('times out a probe that does not answer, and aborts it', async () => {
    let signal: AbortSignal | undefined;
    const hanging = new ConnectionTestRunner(
      cipher,
      use,
      (_target, options) => {
        signal = options.signal;
        return new Promise<ProbeOutcome>(() => undefined);
      },
      50,
    );
    const { id } = await service.create(pg('hangs'), actor);
    const before = await health(id);
    const result = await hanging.run(saved(id));
    expect(result.error?.class).toBe('timeout');
    expect(signal?.aborted).toBe(true);
    expect(await health(id)).toEqual(before);
  });

  describe('reauthenticate', () => {
    const verifyWith =
      (result: Omit<ConnectionTestResult, 'duration_ms'>, sent: DatasourceTestRequest[]) =>
      async (request: DatasourceTestRequest): Promise<ConnectionTestResult> => {
        sent.push(request);
        return { ...result, duration_ms: 1 };
      };

    it('stores nothing when the new credential fails its test', async () => {
      const { id } = await service.create(pg('reauth-fail'), actor);
      next = failure('auth');
      await runner.run(saved(id));
      const before = await everything();
      const beforeCipher = await db.query('SELECT secret_ciphertext FROM connections WHERE id = $1', [id]);
      const sent: DatasourceTestRequest[] = [];
      const error = await service
        .reauthenticate(
          id,
          { credential: { password: NEW_SECRET } },
          actor,
          verifyWith({ ok: false, error: { class: 'auth', message: 'refused' }, details: {} }, sent),
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: ErrorCode.ValidationFailed,
        detail: { test: { ok: false, error: { class: 'auth', message: 'refused' } } },
      });
      expect(await everything()).toBe(before);
      expect(await db.query('SELECT secret_ciphertext FROM connections WHERE id = $1', [id])).toEqual(
        beforeCipher,
      );
      // The new credential went to the test sealed, under a one-off draft AAD.
      expect(JSON.stringify(sent)).not.toContain(NEW_SECRET);
      expect(cipher.openJson(sent[0].sealed_credential!, sent[0].aad)).toEqual({ password: NEW_SECRET });
    });

    it('rotates the credential after a passing test: version, audit event, healthy', async () => {
      const { id, version } = await service.create(pg('reauth-ok'), actor);
      next = failure('auth');
      await runner.run(saved(id));
      const sent: DatasourceTestRequest[] = [];
      const rotated = await service.reauthenticate(
        id,
        { credential: { password: NEW_SECRET } },
        actor,
        verifyWith({ ok: true, error: null, details: { capabilities: { native_dmf: false } } }, sent),
      );
      expect(rotated.version).toBe(version + 1);
      // Re-authenticating probes capabilities too (spec: the W native metric-function engine).
      expect(rotated.capabilities).toEqual({ native_dmf: false, checked_at: expect.any(String) });
      expect(rotated.credential_health).toMatchObject({ status: 'healthy', consecutive_auth_failures: 0 });
      expect(JSON.stringify(rotated)).not.toContain(NEW_SECRET);
      const [{ secret_ciphertext }] = await db.query<{ secret_ciphertext: string }[]>(
        'SELECT secret_ciphertext FROM connections WHERE id = $1',
        [id],
      );
      expect(cipher.openJson(secret_ciphertext, connectionSecretAad(id))).toEqual({
        password: NEW_SECRET,
      });
      const audit = await db.query<{ detail: { changed_fields: string[] } }[]>(
        `SELECT detail FROM audit_events WHERE action = 'connection.reauthenticated' AND target_id = $1`,
        [id],
      );
      expect(audit).toHaveLength(1);
      expect(audit[0].detail.changed_fields).toEqual(['credential']);
      const versions = (await service.versions(id)).items;
      expect(versions[0]).toMatchObject({ version: version + 1, changed_fields: ['credential'] });
    });

    it('refuses a credential that breaks the kind rules without testing it', async () => {
      const { id } = await service.create(pg('reauth-bad'), actor);
      const sent: DatasourceTestRequest[] = [];
      await expect(
        service.reauthenticate(
          id,
          { credential: { token: NEW_SECRET } },
          actor,
          verifyWith({ ok: true, error: null, details: {} }, sent),
        ),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
      expect(sent).toHaveLength(0);
    });
  });
});
