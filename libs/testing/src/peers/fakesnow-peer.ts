import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { httpAnswers, peersBin, startLoopbackPeer } from './python-peers';

const FRONT_SCRIPT = path.resolve(__dirname, '../../../../tools/peers/fakesnow_json_front.py');

/**
 * A Snowflake-protocol server on loopback: fakesnow (DuckDB underneath) behind a front that answers
 * results as JSON rowsets (what the Node.js connector reads) and checks logins
 * (tools/peers/fakesnow_json_front.py). Point `snowflake-sdk` at it with `accessUrl`.
 */
export interface FakesnowPeer {
  /** `http://127.0.0.1:<port>`. */
  readonly accessUrl: string;
  readonly port: number;
  /** The one password the peer accepts (any user). */
  readonly password: string;
  /** Runs one statement over the raw protocol (DDL and DML to seed data; the connector is read-only). */
  execute(sql: string): Promise<void>;
  /** How many statement cancels (abort requests) clients sent; fakesnow itself cannot stop one. */
  abortRequests(): Promise<number>;
  stop(): Promise<void>;
}

export interface FakesnowPeerOptions {
  /** The password to accept; random when not given. */
  password?: string;
  /** PEM public key: key-pair (SNOWFLAKE_JWT) logins must be signed by its private key. */
  publicKeyPem?: string;
}

interface ProtocolAnswer {
  success: boolean;
  message?: string;
  data?: { token?: string } | null;
}

async function post(url: string, body: unknown, token?: string): Promise<ProtocolAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Snowflake Token="${token}"` }),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as ProtocolAnswer;
}

export async function startFakesnowPeer(options: FakesnowPeerOptions = {}): Promise<FakesnowPeer> {
  const python = await peersBin('python');
  const password = options.password ?? `fs-${randomBytes(12).toString('hex')}`;
  const peer = await startLoopbackPeer(
    'fakesnow server',
    python,
    (port) => [FRONT_SCRIPT, '--port', String(port)],
    (port) => httpAnswers(`http://127.0.0.1:${port}/`),
    {
      env: {
        FAKESNOW_PEER_PASSWORD: password,
        ...(options.publicKeyPem === undefined ? {} : { FAKESNOW_PEER_PUBLIC_KEY: options.publicKeyPem }),
      },
    },
  );
  const accessUrl = `http://127.0.0.1:${peer.port}`;
  let token: Promise<string> | undefined;
  const login = async (): Promise<string> => {
    const answer = await post(`${accessUrl}/session/v1/login-request`, {
      data: { LOGIN_NAME: 'seed', PASSWORD: password, SESSION_PARAMETERS: {} },
    });
    if (!answer.success || !answer.data?.token) throw new Error(`fakesnow login failed: ${answer.message}`);
    return answer.data.token;
  };
  return {
    accessUrl,
    port: peer.port,
    password,
    async execute(sql: string): Promise<void> {
      token ??= login();
      const answer = await post(`${accessUrl}/queries/v1/query-request`, { sqlText: sql }, await token);
      if (!answer.success) throw new Error(`fakesnow refused ${sql}: ${answer.message}`);
    },
    async abortRequests(): Promise<number> {
      const response = await fetch(`${accessUrl}/_peer/abort-requests`);
      return ((await response.json()) as { count: number }).count;
    },
    stop: () => peer.stop(),
  };
}
