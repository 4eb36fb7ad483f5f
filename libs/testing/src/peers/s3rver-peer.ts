import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { httpAnswers, startLoopbackPeer } from './python-peers';
import { type S3Peer, type S3PeerAccessKey } from './s3-peer';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

/** The server in a process of its own, so it never shares an event loop with the reader it serves. */
const S3RVER_SCRIPT = `
const S3rver = require('s3rver');
const [port, directory] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: Number(port), directory, silent: true, allowMismatchedSignatures: true })
  .run()
  .catch((error) => { console.error(error); process.exit(1); });
`;

/**
 * A second S3-compatible server on loopback (s3rver, files on disk): unlike moto, which reads the
 * whole object for any ranged GET, it reads only the range asked for, as S3 does. It knows one
 * access key (`accessKey`). For benchmarks of ranged reads; tests use `startS3Peer`.
 */
export async function startRangedS3Peer(): Promise<S3Peer & { accessKey: S3PeerAccessKey }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-s3rver-'));
  const region = 'us-east-1';
  try {
    const peer = await startLoopbackPeer(
      's3rver S3 server',
      process.execPath,
      (port) => ['-e', S3RVER_SCRIPT, String(port), directory],
      (port) => httpAnswers(`http://127.0.0.1:${port}/`),
      { cwd: REPO_ROOT },
    );
    return {
      endpoint: `http://127.0.0.1:${peer.port}`,
      port: peer.port,
      region,
      accessKey: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      stop: async () => {
        await peer.stop();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}
