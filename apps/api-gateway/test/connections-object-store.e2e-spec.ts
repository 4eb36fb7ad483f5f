/**
 * Object-store (S3) connection tests through a real gateway AND a real runner over NATS, against
 * moto on loopback with IAM authentication on (both apps allow loopback for tests only). The
 * secret access key travels sealed from the gateway to the runner; no secret appears in any
 * response, log line or stored row.
 */
import {
  type AppProcess,
  call,
  createS3PeerBucket,
  createS3PeerUser,
  enableS3PeerAuth,
  freePort,
  GatewayWorld,
  type HttpResult,
  type S3Peer,
  type S3PeerAccessKey,
  startS3Peer,
} from '@dq/testing';

const BUCKET = 'dq-e2e-landing';
const LOOPBACK = { EGRESS_ALLOW_LOOPBACK_FOR_TESTS: 'true' };

interface TestResult {
  ok: boolean;
  error: { class: string; message: string } | null;
  details: Record<string, unknown>;
}
interface Health {
  status: string;
  consecutive_auth_failures: number;
  last_error: { class: string } | null;
}

describe('object_store connection tests through the runner, against moto', () => {
  let world: GatewayWorld;
  let gateway: AppProcess;
  let moto: S3Peer;
  let key: S3PeerAccessKey;
  let wrongSecret: string;
  let api: string;
  const tokens = {} as Record<'admin' | 'member', string>;
  const responses: HttpResult[] = [];

  const send = async (method: string, path: string, token: string, body?: unknown): Promise<HttpResult> => {
    const result = await call(api, method, path, { token, ...(body !== undefined ? { body } : {}) });
    responses.push(result);
    return result;
  };
  let counter = 0;
  const create = async (
    config: Record<string, unknown> = {},
    credential: Record<string, unknown> = {
      access_key_id: key.accessKeyId,
      secret_access_key: key.secretAccessKey,
    },
  ): Promise<string> => {
    counter += 1;
    const created = await send('POST', '/connections', tokens.admin, {
      name: `bucket-${counter}`,
      kind: 'object_store',
      config: { bucket: BUCKET, endpoint_url: moto.endpoint, force_path_style: true, ...config },
      credential,
    });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  };
  const health = async (id: string): Promise<Health> =>
    ((await send('GET', `/connections/${id}`, tokens.admin)).body as { credential_health: Health })
      .credential_health;
  const stored = async (): Promise<string> =>
    JSON.stringify([
      await world.db.query('SELECT * FROM audit_events'),
      await world.db.query('SELECT * FROM connection_versions'),
      await world.db.query('SELECT id, name, config, last_error, secret_ciphertext FROM connections'),
    ]);

  beforeAll(async () => {
    world = await GatewayWorld.create('connections-object-store');
    moto = await startS3Peer();
    key = await createS3PeerUser(moto, { allowS3: true });
    wrongSecret = `${key.secretAccessKey.slice(0, -4)}Wr0n`;
    await createS3PeerBucket(moto, BUCKET);
    await enableS3PeerAuth(moto);
    [gateway] = await Promise.all([
      world.startGateway({ LOG_LEVEL: 'debug', ...LOOPBACK }),
      world.startRunner({ LOG_LEVEL: 'debug', ...LOOPBACK }),
    ]);
    api = `${gateway.url}/api/v1`;
    for (const role of ['admin', 'member'] as const)
      tokens[role] = await world.mintToken(`${role}@example.test`, role);
  }, 180_000);

  afterAll(async () => {
    if (key) {
      for (const secret of [key.secretAccessKey, wrongSecret]) {
        for (const response of responses) expect(response.text).not.toContain(secret);
        expect(world.output()).not.toContain(secret);
        expect(await stored()).not.toContain(secret);
      }
    }
    await world?.close();
    await moto?.stop();
  });

  it('tests an object_store connection as a Member: ok, and health becomes healthy', async () => {
    const id = await create();
    expect((await health(id)).status).toBe('unknown');
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, error: null, details: { bucket_reachable: true } });
    expect(await health(id)).toMatchObject({ status: 'healthy', consecutive_auth_failures: 0 });
  });

  it('classifies a wrong secret as auth and moves health to failing', async () => {
    const id = await create({}, { access_key_id: key.accessKeyId, secret_access_key: wrongSecret });
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    const result = tested.body as TestResult;
    expect(result).toMatchObject({ ok: false, error: { class: 'auth' } });
    expect(result.error?.message).not.toContain(key.accessKeyId);
    expect(result.error?.message).not.toContain(BUCKET);
    expect(await health(id)).toMatchObject({
      status: 'failing',
      consecutive_auth_failures: 1,
      last_error: { class: 'auth' },
    });
  });

  it('answers an unknown host with 502 and leaves health untouched', async () => {
    const id = await create({ endpoint_url: 'http://no-such-host.invalid:9' });
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(tested.status).toBe(502);
    expect((tested.body as { error: { code: string } }).error.code).toBe('datasource_unreachable');
    expect(await health(id)).toEqual(before);
  });

  it('answers a closed port with 502 and leaves health untouched', async () => {
    const id = await create({ endpoint_url: `http://127.0.0.1:${await freePort()}` });
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.admin);
    expect(tested.status).toBe(502);
    expect(await health(id)).toEqual(before);
  });

  it('classifies a missing bucket as not_found and leaves health untouched', async () => {
    const id = await create({ bucket: 'dq-no-such-bucket' });
    const before = await health(id);
    const tested = await send('POST', `/connections/${id}/test`, tokens.member);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: false, error: { class: 'not_found' } });
    expect(await health(id)).toEqual(before);
  });
});
