import { ConnectionKind } from '@dq/contracts';
import {
  type ConnectionUseService,
  type CredentialOpener,
  type StoredConnection,
  connectionSecretAad,
} from '@dq/connections';
import { DatasourceError } from '@dq/datasources';
import { SecretOpener } from '@dq/secrets-opening';
import { OPENED_CREDENTIALS_KEPT, OpenedConnections } from './opened-connections';

/** The real opener, counting how often it opens an envelope. */
function countingOpener(): {
  opener: CredentialOpener;
  opened: () => number;
  seal: (id: string, value: object) => string;
} {
  const { opener, sealer } = SecretOpener.withFreshKeyForTests();
  let count = 0;
  return {
    opener: {
      openJson<T>(envelope: string, aad: string): T {
        count += 1;
        return opener.openJson<T>(envelope, aad);
      },
    },
    opened: () => count,
    seal: (id, value) => sealer.seal(value, connectionSecretAad(id)),
  };
}

function stored(id: string, sealedCredential: string | null): StoredConnection {
  return {
    id,
    name: id,
    kind: ConnectionKind.Postgres,
    config: { host: '127.0.0.1' },
    sealedCredential,
    capabilities: null,
    allowCustomSqlWithDangerousPrivileges: false,
  };
}

// Every call passes the row the claim read, so the row service is never asked.
const noRowReads = {} as ConnectionUseService;
const ID = '00000000-0000-4000-8000-000000000001';

describe('OpenedConnections', () => {
  it('opens a connection credential once while its envelope stays the same, frozen for every use', async () => {
    const { opener, opened, seal } = countingOpener();
    const connections = new OpenedConnections(opener, noRowReads);
    const envelope = seal(ID, { password: 'first', nested: { key: 'k' } });

    const first = await connections.open(ID, stored(ID, envelope));
    const second = await connections.open(ID, stored(ID, envelope));

    expect(first.credential).toEqual({ password: 'first', nested: { key: 'k' } });
    expect(second.credential).toBe(first.credential);
    expect(opened()).toBe(1);
    expect(Object.isFrozen(first.credential)).toBe(true);
    expect(Object.isFrozen(first.credential?.['nested'])).toBe(true);
    expect(() => {
      (first.credential as Record<string, unknown>)['password'] = 'changed';
    }).toThrow(TypeError);
  });

  it('opens a changed or re-sealed credential anew, and never one for another connection', async () => {
    const { opener, opened, seal } = countingOpener();
    const connections = new OpenedConnections(opener, noRowReads);
    await connections.open(ID, stored(ID, seal(ID, { password: 'first' })));

    const changed = await connections.open(ID, stored(ID, seal(ID, { password: 'second' })));
    const resealed = await connections.open(ID, stored(ID, seal(ID, { password: 'second' })));
    const other = '00000000-0000-4000-8000-000000000002';
    const otherOpened = await connections.open(other, stored(other, seal(other, { password: 'other' })));

    expect(changed.credential).toEqual({ password: 'second' });
    expect(resealed.credential).toEqual({ password: 'second' });
    expect(otherOpened.credential).toEqual({ password: 'other' });
    expect(opened()).toBe(4);
  });

  it('keeps no failure: an envelope that cannot be opened fails each use as invalid', async () => {
    const { opener, opened, seal } = countingOpener();
    const connections = new OpenedConnections(opener, noRowReads);
    // Sealed for another connection: the AAD does not match this one.
    const foreign = seal('00000000-0000-4000-8000-000000000002', { password: 'x' });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(connections.open(ID, stored(ID, foreign))).rejects.toBeInstanceOf(DatasourceError);
    }
    expect(opened()).toBe(2);
  });

  it('a connection without a credential opens none', async () => {
    const { opener, opened } = countingOpener();
    const connection = await new OpenedConnections(opener, noRowReads).open(ID, stored(ID, null));
    expect(connection.credential).toBeNull();
    expect(opened()).toBe(0);
  });

  it('keeps at most OPENED_CREDENTIALS_KEPT credentials, dropping the least recently used', async () => {
    const { opener, opened, seal } = countingOpener();
    const connections = new OpenedConnections(opener, noRowReads);
    const ids = Array.from(
      { length: OPENED_CREDENTIALS_KEPT + 1 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const envelopes = ids.map((id) => seal(id, { password: id }));
    for (const [index, id] of ids.slice(0, -1).entries())
      await connections.open(id, stored(id, envelopes[index] ?? null));
    // The first is used again, so the second is now the least recently used.
    await connections.open(ids[0] ?? '', stored(ids[0] ?? '', envelopes[0] ?? null));
    const last = ids.length - 1;
    await connections.open(ids[last] ?? '', stored(ids[last] ?? '', envelopes[last] ?? null));
    expect(opened()).toBe(OPENED_CREDENTIALS_KEPT + 1);

    await connections.open(ids[0] ?? '', stored(ids[0] ?? '', envelopes[0] ?? null));
    expect(opened()).toBe(OPENED_CREDENTIALS_KEPT + 1);
    await connections.open(ids[1] ?? '', stored(ids[1] ?? '', envelopes[1] ?? null));
    expect(opened()).toBe(OPENED_CREDENTIALS_KEPT + 2);
  });
});
