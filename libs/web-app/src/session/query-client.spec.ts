import { apiErrorOf } from '../api/api-error';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('reports a 401 from a read or a write, and nothing else', async () => {
    let calls = 0;
    const client = createQueryClient(() => calls++);

    await client
      .fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(apiErrorOf(401, undefined)) })
      .catch(() => undefined);
    expect(calls).toBe(1);

    await client
      .fetchQuery({ queryKey: ['missing'], queryFn: () => Promise.reject(apiErrorOf(404, undefined)) })
      .catch(() => undefined);
    expect(calls).toBe(1);

    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(apiErrorOf(401, undefined)),
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(calls).toBe(2);
    client.clear();
  });

  it('does not retry a client error', async () => {
    let tries = 0;
    const client = createQueryClient(() => undefined);
    await client
      .fetchQuery({
        queryKey: ['bad'],
        queryFn: () => {
          tries++;
          return Promise.reject(apiErrorOf(422, undefined));
        },
        retry: client.getDefaultOptions().queries?.retry,
      })
      .catch(() => undefined);
    expect(tries).toBe(1);
    client.clear();
  });
});
