import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { text } from 'node:stream/consumers';
import { DatasourceError } from '../adapter/datasource-adapter';
import { LocalFileStore } from './local-file-store';

const CALL = { timeoutMs: 5_000 };

async function failure(promise: Promise<unknown>): Promise<DatasourceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasourceError);
  return error as DatasourceError;
}

describe('LocalFileStore', () => {
  let base: string;
  let store: LocalFileStore;

  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'dq-local-store-'));
    fs.mkdirSync(path.join(base, 'root/landing/2024'), { recursive: true });
    fs.writeFileSync(path.join(base, 'root/landing/a_1.csv'), 'id\n1\n');
    fs.writeFileSync(path.join(base, 'root/landing/2024/a_2.csv'), 'id\n2\n');
    fs.writeFileSync(path.join(base, 'root/other.csv'), 'id\n3\n');
    fs.writeFileSync(path.join(base, 'secret.csv'), 'password\nhunter2\n');
    fs.symlinkSync(path.join(base, 'secret.csv'), path.join(base, 'root/landing/escape.csv'));
    store = new LocalFileStore(path.join(base, 'root'));
  });

  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('lists files by path prefix: subdirectories walked, directories and links left out', async () => {
    const paths = (await store.list('landing/', CALL)).map((entry) => entry.path).sort();
    expect(paths).toEqual(['landing/2024/a_2.csv', 'landing/a_1.csv']);
    expect((await store.list('landing/a_', CALL)).map((entry) => entry.path)).toEqual(['landing/a_1.csv']);
    expect(await store.list('nothing/here_', CALL)).toEqual([]);
    const [entry] = await store.list('other', CALL);
    expect(entry).toMatchObject({ path: 'other.csv', size: 5 });
    expect(Date.parse(entry?.last_modified_at ?? '')).not.toBeNaN();
  });

  it('stats, reads ranges and streams a file', async () => {
    expect(await store.stat('landing/a_1.csv', CALL)).toMatchObject({ path: 'landing/a_1.csv', size: 5 });
    expect(Buffer.from(await store.readRange('landing/a_1.csv', 3, 100, CALL)).toString()).toBe('1\n');
    expect(await text(await store.openStream('other.csv', CALL))).toBe('id\n3\n');
  });

  it('answers not_found for a missing file or a directory', async () => {
    expect((await failure(store.stat('landing/missing.csv', CALL))).errorClass).toBe('not_found');
    expect((await failure(store.stat('landing', CALL))).errorClass).toBe('not_found');
    expect((await failure(store.openStream('landing/missing.csv', CALL))).errorClass).toBe('not_found');
  });

  it('refuses every path outside its root, through ".." or a symbolic link', async () => {
    for (const outside of [
      '../secret.csv',
      '/etc/passwd',
      'landing/../../secret.csv',
      'landing/escape.csv',
    ]) {
      const error = await failure(store.readRange(outside, 0, 10, CALL));
      expect(error.errorClass).toBe('invalid');
      expect(error.message).toBe('The path is outside the store');
    }
    expect((await failure(store.openStream('landing/escape.csv', CALL))).errorClass).toBe('invalid');
  });
});
