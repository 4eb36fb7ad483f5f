/* eslint-disable no-console -- a CLI: it prints the key pair for the operator to store. */
import { generateKeyPairEntries } from '@dq/secrets-opening';

// Usage: npm run secrets:keygen -- [key id] [--alerting]   (default k1)
// Prints a fresh X25519 key pair as ring entries: the private entry goes to the runner's
// SECRETS_PRIVATE_KEY_RING only, the public entry to the gateways' SECRETS_PUBLIC_KEYS.
// With --alerting, the pair of the alerting service's own ring (notification channel credentials,
// docs/decisions/0044): ALERTING_PRIVATE_KEY_RING for the alerting service only,
// ALERTING_PUBLIC_KEYS for the gateways.
// To rotate, append the new entries to both lists, set the active key id to the new id, run
// `npm run secrets:reseal` (connection credentials), then drop the old private entry.

const args = process.argv.slice(2);
const alerting = args.includes('--alerting');
const keyId = args.find((arg) => !arg.startsWith('--')) ?? 'k1';
const prefix = alerting ? 'ALERTING' : 'SECRETS';
try {
  const { privateEntry, publicEntry } = generateKeyPairEntries(keyId);
  console.log(`${prefix}_ACTIVE_KEY_ID=${keyId}`);
  console.log(`${prefix}_PRIVATE_KEY_RING=${privateEntry}`);
  console.log(`${prefix}_PUBLIC_KEYS=${publicEntry}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
