import { SharedRead } from './shared-read';

describe('SharedRead', () => {
  it('gives callers of one key the read in flight, and reads again once it returned', async () => {
    let reads = 0;
    const release: (() => void)[] = [];
    const shared = new SharedRead<string, string>(
      (key) =>
        new Promise((resolve) => {
          reads += 1;
          const version = reads;
          release.push(() => resolve(`${key}@${version}`));
        }),
    );
    const together = [shared.get('a'), shared.get('a'), shared.get('b')];
    expect(reads).toBe(2);
    release.splice(0).forEach((done) => done());
    await expect(Promise.all(together)).resolves.toEqual(['a@1', 'a@1', 'b@2']);

    // Nothing is kept: the next caller starts a read of its own.
    const later = shared.get('a');
    release.splice(0).forEach((done) => done());
    await expect(later).resolves.toBe('a@3');
  });

  it('gives every caller of a failed read the failure, and forgets it', async () => {
    let fail = true;
    const shared = new SharedRead<string, string>(async (key) => {
      if (fail) throw new Error(`no ${key}`);
      return key;
    });
    await expect(Promise.all([shared.get('a'), shared.get('a')])).rejects.toThrow('no a');
    fail = false;
    await expect(shared.get('a')).resolves.toBe('a');
  });
});
