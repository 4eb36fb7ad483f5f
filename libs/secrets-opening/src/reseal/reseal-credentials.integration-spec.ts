import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { type IsolatedEnvironment, createIsolatedEnvironment } from '@dq/testing';
import { LegacySecretCipher } from '../legacy/legacy-secret-cipher';
import { generateKeyPairEntries, parsePrivateKeyRing } from '../private-key-ring';
import { SecretOpener } from '../secret-opener';
import { ResealError, resealStoredCredentials } from './reseal-credentials';

const aadOf = (id: string) => `connection:${id}`;
// The connections context's statements (SEALED_CREDENTIAL_STATEMENTS), which this lib cannot import.
const STATEMENTS = {
  selectForUpdate:
    'SELECT id, secret_ciphertext FROM connections WHERE secret_ciphertext IS NOT NULL ORDER BY id FOR UPDATE',
  update: 'UPDATE connections SET secret_ciphertext = $2 WHERE id = $1',
};

/** The re-seal command against a real PostgreSQL: every stored credential ends under the active public key. */
describe('resealStoredCredentials', () => {
  let env: IsolatedEnvironment;
  let client: Client;
  const legacy = new LegacySecretCipher({ activeKeyId: 'old', keys: { old: randomBytes(32) } });
  const k1 = generateKeyPairEntries('k1');
  const k2 = generateKeyPairEntries('k2');
  const before = new SecretOpener(parsePrivateKeyRing(k1.privateEntry, 'k1'));
  const after = new SecretOpener(parsePrivateKeyRing(`${k1.privateEntry},${k2.privateEntry}`, 'k2'));

  beforeAll(async () => {
    env = await createIsolatedEnvironment('reseal');
    client = new Client({ connectionString: env.databaseUrl });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await env?.cleanup();
  });

  beforeEach(async () => {
    await client.query('DELETE FROM connections');
  });

  async function insert(name: string, seal: ((id: string) => string) | null): Promise<string> {
    const [{ id }] = (
      await client.query<{ id: string }>(
        `INSERT INTO connections (name, kind, config) VALUES ($1, 'postgres', '{}') RETURNING id`,
        [name],
      )
    ).rows as [{ id: string }];
    if (seal !== null)
      await client.query('UPDATE connections SET secret_ciphertext = $2 WHERE id = $1', [id, seal(id)]);
    return id;
  }

  async function stored(): Promise<Map<string, string | null>> {
    const { rows } = await client.query<{ id: string; secret_ciphertext: string | null }>(
      'SELECT id, secret_ciphertext FROM connections',
    );
    return new Map(rows.map((row) => [row.id, row.secret_ciphertext]));
  }

  it('re-seals v1 and retired-key envelopes in place, leaves current ones and nulls, and is idempotent', async () => {
    const v1 = await insert('v1', (id) => legacy.encrypt({ password: 'one' }, aadOf(id)));
    const retired = await insert('k1', (id) => before.sealer().seal({ password: 'two' }, aadOf(id)));
    const current = await insert('k2', (id) => after.sealer().seal({ password: 'three' }, aadOf(id)));
    const none = await insert('none', null);
    const currentEnvelope = (await stored()).get(current);

    expect(await resealStoredCredentials(client, { opener: after, legacy, aadOf }, STATEMENTS)).toEqual({
      resealed: 2,
      unchanged: 1,
    });
    const rows = await stored();
    for (const [id, password] of [
      [v1, 'one'],
      [retired, 'two'],
      [current, 'three'],
    ] as const) {
      const envelope = rows.get(id)!;
      expect(envelope.startsWith('v2.k2.')).toBe(true);
      expect(after.openJson(envelope, aadOf(id))).toEqual({ password });
    }
    expect(rows.get(current)).toBe(currentEnvelope);
    expect(rows.get(none)).toBeNull();
    // Re-sealed under the row's own AAD: not openable as another row's.
    expect(() => after.open(rows.get(v1)!, aadOf(retired))).toThrow();
    // k1 can now be retired: every row opens with k2 alone.
    const k2Only = new SecretOpener(parsePrivateKeyRing(k2.privateEntry, 'k2'));
    for (const id of [v1, retired, current])
      expect(() => k2Only.open(rows.get(id)!, aadOf(id))).not.toThrow();

    expect(await resealStoredCredentials(client, { opener: after, legacy, aadOf }, STATEMENTS)).toEqual({
      resealed: 0,
      unchanged: 3,
    });
    expect(await stored()).toEqual(rows);
  });

  it('rolls everything back when one credential cannot be opened, naming only the row', async () => {
    const good = await insert('good', (id) => legacy.encrypt({ password: 'fine' }, aadOf(id)));
    // Sealed for another row: copied ciphertext does not open under this row's AAD.
    const moved = await insert('moved', () => legacy.encrypt({ password: 'elsewhere' }, aadOf(good)));
    const beforeRows = await stored();

    const failure = resealStoredCredentials(client, { opener: after, legacy, aadOf }, STATEMENTS);
    await expect(failure).rejects.toBeInstanceOf(ResealError);
    await expect(failure).rejects.toThrow(new RegExp(`connection ${moved}: .*authentication_failed`));
    await expect(failure).rejects.not.toThrow(/elsewhere/);
    expect(await stored()).toEqual(beforeRows);
  });

  it('refuses v1 envelopes when no symmetric ring is given, changing nothing', async () => {
    const id = await insert('v1', (row) => legacy.encrypt({ password: 'one' }, aadOf(row)));
    const beforeRows = await stored();
    await expect(resealStoredCredentials(client, { opener: after, aadOf }, STATEMENTS)).rejects.toThrow(
      new RegExp(`connection ${id}: a v1 envelope needs SECRETS_KEY_RING`),
    );
    expect(await stored()).toEqual(beforeRows);
  });
});
