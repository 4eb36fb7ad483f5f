import { ExecuteRunJob, RunCompletedEvent, RunStatus } from '@dq/contracts';
import { InvalidPayloadError } from './invalid-payload.error';
import { assertValidOutgoing, parseIncoming } from './payload-validator';

const RUN_ID = '6f1c1b1e-2f5c-4c1e-9a7b-1d2e3f4a5b6c';

describe('payload validation', () => {
  it('accepts a valid outgoing payload', () => {
    expect(() => assertValidOutgoing(ExecuteRunJob, { run_id: RUN_ID })).not.toThrow();
  });

  it('refuses outgoing unknown fields and broken ones, naming each field', () => {
    const error = (() => {
      try {
        assertValidOutgoing(ExecuteRunJob, { run_id: 'x', extra: 1 } as ExecuteRunJob);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidPayloadError);
    expect((error as InvalidPayloadError).violations.map((v) => v.field).sort()).toEqual(['extra', 'run_id']);
  });

  it('parses incoming JSON into the contract class and strips unknown fields', () => {
    const parsed = parseIncoming(ExecuteRunJob, JSON.stringify({ run_id: RUN_ID, added_later: true }));
    expect(parsed).toBeInstanceOf(ExecuteRunJob);
    expect(parsed).toEqual({ run_id: RUN_ID });
  });

  it('refuses incoming non-JSON, non-objects and invalid fields', () => {
    expect(() => parseIncoming(ExecuteRunJob, 'not json')).toThrow(InvalidPayloadError);
    expect(() => parseIncoming(ExecuteRunJob, '[1]')).toThrow(InvalidPayloadError);
    expect(() => parseIncoming(ExecuteRunJob, 'null')).toThrow(InvalidPayloadError);
    expect(() =>
      parseIncoming(
        RunCompletedEvent,
        new TextEncoder().encode(JSON.stringify({ run_id: RUN_ID, status: RunStatus.Running })),
      ),
    ).toThrow(/status/);
  });
});
