import { DatasourceErrorClass } from '@dq/contracts';
import { asCallerWork, passCallerFailure, rethrowCallerFailure } from './caller-work';
import { DatasourceError } from './datasource-adapter';

/** What a session's error handling does with what `work` threw: inner layers pass, the outer one unwraps. */
async function throughSession(work: () => Promise<never>): Promise<unknown> {
  try {
    await asCallerWork(work)(undefined);
  } catch (inner) {
    try {
      passCallerFailure(inner);
      return 'classified as the datasource';
    } catch (passed) {
      try {
        rethrowCallerFailure(passed);
      } catch (outer) {
        return outer;
      }
    }
  }
  return 'nothing thrown';
}

describe('caller work inside a datasource session', () => {
  it("passes the caller's own failure through every layer, unchanged", async () => {
    const ours = new TypeError('relation "check_baselines" does not exist');
    expect(await throughSession(() => Promise.reject(ours))).toBe(ours);
  });

  it("leaves a datasource error to the session's own classification", async () => {
    const datasource = new DatasourceError(
      DatasourceErrorClass.Invalid,
      'The datasource rejected the statement',
    );
    expect(await throughSession(() => Promise.reject(datasource))).toBe('classified as the datasource');
  });
});
