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
