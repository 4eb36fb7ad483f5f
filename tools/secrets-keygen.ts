/* eslint-disable no-console -- a CLI: it prints the key pair for the operator to store. */
import { generateKeyPairEntries } from '@dq/secrets-opening';

// Usage: npm run secrets:keygen -- [key id]   (default k1)
// Prints a fresh X25519 key pair as ring entries: the private entry goes to the runner's
// SECRETS_PRIVATE_KEY_RING only, the public entry to the gateways' SECRETS_PUBLIC_KEYS.
// To rotate, append the new entries to both lists, set SECRETS_ACTIVE_KEY_ID to the new id,
// run `npm run secrets:reseal`, then drop the old private entry.

const keyId = process.argv[2] ?? 'k1';
try {
  const { privateEntry, publicEntry } = generateKeyPairEntries(keyId);
  console.log(`SECRETS_ACTIVE_KEY_ID=${keyId}`);
  console.log(`SECRETS_PRIVATE_KEY_RING=${privateEntry}`);
  console.log(`SECRETS_PUBLIC_KEYS=${publicEntry}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
