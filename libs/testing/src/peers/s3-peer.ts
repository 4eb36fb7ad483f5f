import { randomBytes } from 'node:crypto';
import { peersBin, httpAnswers, startLoopbackPeer } from './python-peers';

/** An S3-compatible server on loopback (moto's server mode, from the peers' virtual environment). */
export interface S3Peer {
  /** `http://127.0.0.1:<port>`: pass as a connection's `endpoint_url` (with force_path_style). */
  readonly endpoint: string;
  readonly port: number;
  readonly region: string;
  stop(): Promise<void>;
}

export interface S3PeerOptions {
  /**
   * Extra environment for moto (for example `INITIAL_NO_AUTH_ACTION_COUNT` to make it check
   * credentials after the first N requests).
   */
  env?: NodeJS.ProcessEnv;
}

export async function startS3Peer(options: S3PeerOptions = {}): Promise<S3Peer> {
  const motoServer = await peersBin('moto_server');
  const region = 'us-east-1';
  const peer = await startLoopbackPeer(
    'moto S3 server',
    motoServer,
    (port) => ['-H', '127.0.0.1', '-p', String(port)],
    (port) => httpAnswers(`http://127.0.0.1:${port}/moto-api/`),
    { env: { AWS_DEFAULT_REGION: region, ...options.env } },
  );
  return { endpoint: `http://127.0.0.1:${peer.port}`, port: peer.port, region, stop: () => peer.stop() };
}

/** An IAM user's access key on the peer. */
export interface S3PeerAccessKey {
  accessKeyId: string;
  secretAccessKey: string;
}

// moto picks the service of a request from the credential scope of its Authorization header; the
// signature itself is not checked while authentication is off.
function unsignedAuthorization(service: 'iam' | 's3', region: string): string {
  return `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20240101/${region}/${service}/aws4_request, SignedHeaders=host, Signature=0`;
}

async function resetAuth(peer: S3Peer, initialNoAuthActionCount: string): Promise<string> {
  const response = await fetch(`${peer.endpoint}/moto-api/reset-auth`, {
    method: 'POST',
    // moto reads the raw body: a form content type would hide it.
    headers: { 'content-type': 'text/plain' },
    body: initialNoAuthActionCount,
  });
  if (!response.ok) throw new Error(`moto reset-auth answered ${response.status}`);
  const answer = (await response.json()) as { PREVIOUS_INITIAL_NO_AUTH_ACTION_COUNT: string };
  return answer.PREVIOUS_INITIAL_NO_AUTH_ACTION_COUNT;
}

/**
 * Turns moto's request authentication on: from now on every S3 request must be signed with an
 * access key of an IAM user of the peer (else `InvalidAccessKeyId` / `SignatureDoesNotMatch`), and
 * the user's IAM policies decide (else `AccessDenied`). moto has it off by default (any key works).
 */
export async function enableS3PeerAuth(peer: S3Peer): Promise<void> {
  await resetAuth(peer, '0');
}

/**
 * Runs `setup` with authentication off (moto's `INITIAL_NO_AUTH_ACTION_COUNT` set to infinity
 * through `/moto-api/reset-auth`), then puts the previous setting back, which also restarts its
 * count. Only for setup between test steps: requests of a test running meanwhile are not checked.
 */
export async function withoutS3PeerAuth<T>(peer: S3Peer, setup: () => Promise<T>): Promise<T> {
  const previous = await resetAuth(peer, 'inf');
  try {
    return await setup();
  } finally {
    await resetAuth(peer, previous);
  }
}

async function peerRequest(
  peer: S3Peer,
  service: 'iam' | 's3',
  path: string,
  init: { method: string; body?: string | Uint8Array; contentType?: string },
): Promise<string> {
  const response = await fetch(`${peer.endpoint}${path}`, {
    method: init.method,
    headers: {
      authorization: unsignedAuthorization(service, peer.region),
      'content-type': init.contentType ?? 'application/octet-stream',
    },
    body: init.body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`moto ${service} ${init.method} answered ${response.status}: ${text}`);
  return text;
}

async function iamAction(peer: S3Peer, parameters: Record<string, string>): Promise<string> {
  return peerRequest(peer, 'iam', '/', {
    method: 'POST',
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({ ...parameters, Version: '2010-05-08' }).toString(),
  });
}

function xmlValue(xml: string, element: string): string {
  const value = new RegExp(`<${element}>([^<]*)</${element}>`).exec(xml)?.[1];
  if (value === undefined) throw new Error(`moto answer without <${element}>`);
  return value;
}

/**
 * Creates an IAM user with an access key on the peer (IAM's Query API, with authentication off
 * for the calls). With `allowS3` the user gets an inline policy allowing every S3 action on every
 * bucket; without it the user has no policy, so once auth is on every S3 request is denied.
 */
export async function createS3PeerUser(
  peer: S3Peer,
  options: { allowS3: boolean },
): Promise<S3PeerAccessKey> {
  return withoutS3PeerAuth(peer, async () => {
    const userName = `dq-test-${randomBytes(6).toString('hex')}`;
    await iamAction(peer, { Action: 'CreateUser', UserName: userName });
    const created = await iamAction(peer, { Action: 'CreateAccessKey', UserName: userName });
    if (options.allowS3) {
      const policy = {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: 's3:*', Resource: '*' }],
      };
      await iamAction(peer, {
        Action: 'PutUserPolicy',
        UserName: userName,
        PolicyName: 'all-s3',
        PolicyDocument: JSON.stringify(policy),
      });
    }
    return {
      accessKeyId: xmlValue(created, 'AccessKeyId'),
      secretAccessKey: xmlValue(created, 'SecretAccessKey'),
    };
  });
}

function objectPath(bucket: string, key: string): string {
  return `/${encodeURIComponent(bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** Creates a bucket on the peer (path style, authentication off for the call). */
export async function createS3PeerBucket(peer: S3Peer, bucket: string): Promise<void> {
  await withoutS3PeerAuth(peer, () =>
    peerRequest(peer, 's3', `/${encodeURIComponent(bucket)}`, { method: 'PUT' }),
  );
}

/**
 * Puts objects (authentication off once for all of them, a few requests at a time). An object's
 * LastModified is the peer's clock at the put, in whole seconds like S3's listings: put objects a
 * second apart to order their arrival times.
 */
export async function putS3PeerObjects(
  peer: S3Peer,
  bucket: string,
  objects: ReadonlyArray<{ key: string; body: string | Uint8Array }>,
): Promise<void> {
  await withoutS3PeerAuth(peer, async () => {
    const pending = [...objects];
    const worker = async (): Promise<void> => {
      for (let next = pending.shift(); next !== undefined; next = pending.shift())
        await peerRequest(peer, 's3', objectPath(bucket, next.key), { method: 'PUT', body: next.body });
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  });
}

/** Puts one object; see `putS3PeerObjects`. */
export async function putS3PeerObject(
  peer: S3Peer,
  bucket: string,
  key: string,
  body: string | Uint8Array,
): Promise<void> {
  await putS3PeerObjects(peer, bucket, [{ key, body }]);
}
