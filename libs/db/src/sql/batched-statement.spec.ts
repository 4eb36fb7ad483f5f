import { BatchedStatement } from './batched-statement';

/** A statement whose round trips the test controls: each call waits until `release()` answers it. */
function controlledStatement(
  answer: (inputs: number[]) => number[] | Error = (inputs) => inputs.map((n) => n * 10),
) {
  const calls: number[][] = [];
  const releases: (() => void)[] = [];
  const statement = new BatchedStatement<number, number>({
    run: (inputs) => {
      calls.push(inputs);
      return new Promise<number[]>((resolve, reject) => {
        releases.push(() => {
          const out = answer(inputs);
          if (out instanceof Error) reject(out);
          else resolve(out);
        });
      });
    },
    keyOf: (input) => String(input % 100),
    maxBatch: 3,
  });
  const releaseNext = async (): Promise<void> => {
    await until(() => releases.length > 0);
    releases.shift()?.();
  };
  return { statement, calls, releaseNext };
}

async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !condition(); turn += 1) await new Promise((r) => setImmediate(r));
  if (!condition()) throw new Error('condition never held');
}

describe('BatchedStatement', () => {
  it('sends a lone caller at once, as one statement of one input', async () => {
    const { statement, calls, releaseNext } = controlledStatement();
    const answer = statement.submit(7);
    await releaseNext();
    await expect(answer).resolves.toBe(70);
    expect(calls).toEqual([[7]]);
  });

  it('sends the callers of one turn together, and those arriving meanwhile in the next statement', async () => {
    const { statement, calls, releaseNext } = controlledStatement();
    const first = [statement.submit(1), statement.submit(2)];
    await until(() => calls.length === 1);
    // While the first statement is in flight, these wait and then leave together.
    const second = [statement.submit(3), statement.submit(4), statement.submit(5)];
    await releaseNext();
    await expect(Promise.all(first)).resolves.toEqual([10, 20]);
    await releaseNext();
    await expect(Promise.all(second)).resolves.toEqual([30, 40, 50]);
    expect(calls).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('keeps batches within maxBatch and never puts two inputs of one key in one statement', async () => {
    const { statement, calls, releaseNext } = controlledStatement();
    const answers = [1, 101, 2, 3, 4].map((n) => statement.submit(n));
    await releaseNext();
    await releaseNext();
    await expect(Promise.all(answers)).resolves.toEqual([10, 1010, 20, 30, 40]);
    // 101 shares 1's key, and a batch holds at most 3.
    expect(calls).toEqual([
      [1, 2, 3],
      [101, 4],
    ]);
  });

  it('sends a failed batch again one input at a time, so only the failing caller sees the error', async () => {
    const { statement, calls, releaseNext } = controlledStatement((inputs) =>
      inputs.includes(2) ? new Error('constraint violated by 2') : inputs.map((n) => n * 10),
    );
    const answers = [1, 2, 3].map((n) => statement.submit(n).catch((error: Error) => error.message));
    for (let round = 0; round < 4; round += 1) await releaseNext();
    await expect(Promise.all(answers)).resolves.toEqual([10, 'constraint violated by 2', 30]);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('fails the callers of a statement that answers a different number of rows than inputs', async () => {
    const { statement, releaseNext } = controlledStatement(() => []);
    const answer = statement.submit(1);
    await releaseNext();
    await expect(answer).rejects.toThrow('answered 0 of 1 inputs');
  });
});
