import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { httpAnswers, startLoopbackPeer } from './python-peers';

const REPO_ROOT = path.resolve(__dirname, '../../../..');

/**
 * Azurite's blob service on loopback (Azure Storage emulator, path-style URLs). Data Lake (dfs)
 * calls are answered on the same port as far as Azurite supports them.
 */
export interface AzuritePeer {
  /** `http://127.0.0.1:<port>/<account>`: pass as a file_store connection's `account_url`. */
  readonly accountUrl: string;
  /** The same URL: Azurite serves blob and its dfs subset on one endpoint. */
  readonly blobEndpoint: string;
  readonly accountName: string;
  /** Base64 shared key of the account (random per peer unless the well-known one is asked for). */
  readonly accountKey: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface AzuritePeerOptions {
  /** Account name; default `devstoreaccount1`. */
  accountName?: string;
  /**
   * Base64 account key. Default: a random key, so tests never pass with the public emulator key
   * by accident (a wrong-key test must really be rejected).
   */
  accountKey?: string;
  /** How long to wait for the service to answer; default 60 s. */
  timeoutMs?: number;
}

export async function startAzuritePeer(options: AzuritePeerOptions = {}): Promise<AzuritePeer> {
  const accountName = options.accountName ?? 'devstoreaccount1';
  const accountKey = options.accountKey ?? randomBytes(64).toString('base64');
  const azuriteBlob = path.join(REPO_ROOT, 'node_modules/.bin/azurite-blob');
  const peer = await startLoopbackPeer(
    'Azurite blob service',
    azuriteBlob,
    (port) => [
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--inMemoryPersistence',
      '--skipApiVersionCheck',
      '--loose',
      '--silent',
      // Telemetry would send data to Microsoft from every test run.
      '--disableTelemetry',
      // Account name from the first path segment, never from a host name.
      '--disableProductStyleUrl',
    ],
    (port) => httpAnswers(`http://127.0.0.1:${port}/${accountName}?comp=list`),
    {
      env: { AZURITE_ACCOUNTS: `${accountName}:${accountKey}` },
      cwd: REPO_ROOT,
      timeoutMs: options.timeoutMs,
    },
  );
  const accountUrl = `http://127.0.0.1:${peer.port}/${accountName}`;
  return {
    accountUrl,
    blobEndpoint: accountUrl,
    accountName,
    accountKey,
    port: peer.port,
    stop: () => peer.stop(),
  };
}
