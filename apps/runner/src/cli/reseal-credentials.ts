/* eslint-disable no-console -- a CLI: its output is JSON lines on stdout/stderr. */
import { Client } from 'pg';
import { SEALED_CREDENTIAL_STATEMENTS, connectionSecretAad } from '@dq/connections';
import {
  LegacySecretCipher,
  SecretOpener,
  parseLegacyKeyRing,
  parsePrivateKeyRing,
  resealStoredCredentials,
} from '@dq/secrets-opening';

// Usage: npm run secrets:reseal (in the runner image:
//   node dist/apps/runner/apps/runner/src/cli/reseal-credentials.js)
// Re-seals every stored connection credential under the active public key, in one transaction.
//   SECRETS_PRIVATE_KEY_RING, SECRETS_ACTIVE_KEY_ID  the runner's ring (required)
//   SECRETS_KEY_RING                                 the older symmetric ring, while v1 envelopes remain
//   DATABASE_URL                                     as for migrations (local database outside production)
// A CLI run by an operator before the apps, so it reads process.env directly like the migrate CLI.

const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/dq';

function line(stream: 'out' | 'err', event: string, fields: Record<string, unknown> = {}): void {
  const text = JSON.stringify({ time: new Date().toISOString(), event, ...fields });
  if (stream === 'out') console.log(text);
  else console.error(text);
}

async function main(): Promise<number> {
  const env = process.env;
  const databaseUrl =
    env['DATABASE_URL'] ?? (env['NODE_ENV'] === 'production' ? undefined : LOCAL_DATABASE_URL);
  const privateRing = env['SECRETS_PRIVATE_KEY_RING'];
  const activeKeyId = env['SECRETS_ACTIVE_KEY_ID'];
  if (!databaseUrl || !privateRing || !activeKeyId) {
    line('err', 'reseal_usage', {
      error: 'DATABASE_URL, SECRETS_PRIVATE_KEY_RING and SECRETS_ACTIVE_KEY_ID must be set',
    });
    return 2;
  }
  const opener = new SecretOpener(parsePrivateKeyRing(privateRing, activeKeyId));
  const legacyRing = env['SECRETS_KEY_RING'];
  const legacy =
    legacyRing === undefined || legacyRing.trim() === ''
      ? undefined
      : new LegacySecretCipher(parseLegacyKeyRing(legacyRing, legacyRing.trim().split(':')[0].trim()));
  const client = new Client({ connectionString: databaseUrl, application_name: 'secrets-reseal' });
  await client.connect();
  try {
    const outcome = await resealStoredCredentials(
      client,
      { opener, legacy, aadOf: connectionSecretAad },
      SEALED_CREDENTIAL_STATEMENTS,
    );
    line('out', 'reseal_done', { active_key_id: activeKeyId, ...outcome });
    return 0;
  } finally {
    await client.end();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Key ring and reseal errors name the entry or the row, never key material or a credential.
    line('err', 'reseal_failed', { error: error instanceof Error ? error.message : String(error) });
    process.exitCode = 1;
  },
);
