import {
  ExecuteRunJob,
  RunCompletedEvent,
  RunListQuery,
  RunStatus,
  TargetColumnsReply,
  TargetProfileReply,
} from '@dq/contracts';
import { IsInt } from 'class-validator';
import { InvalidPayloadError } from './invalid-payload.error';
import { assertValidOutgoing, checkIncoming, parseIncoming } from './payload-validator';

const RUN_ID = '6f1c1b1e-2f5c-4c1e-9a7b-1d2e3f4a5b6c';

/** A contract whose field has a default value, which only its constructor sets. */
class WithDefault {
  @IsInt()
  attempts: number = 3;
}

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

  it('checks a flat contract strictly without copying it: every field, known or not, is judged', () => {
    const completed = {
      event_id: RUN_ID,
      run_id: RUN_ID,
      suite_id: RUN_ID,
      status: RunStatus.Succeeded,
      outcome_counts: { pass: 1 },
      total_checks: 1,
      checks: [],
      finished_at: '2026-11-27T02:00:00.000Z',
    } as RunCompletedEvent;
    expect(() => assertValidOutgoing(RunCompletedEvent, completed)).not.toThrow();
    const violationsOf = (payload: RunCompletedEvent): string[] => {
      try {
        assertValidOutgoing(RunCompletedEvent, payload);
      } catch (error) {
        return (error as InvalidPayloadError).violations.map((violation) => violation.field).sort();
      }
      return [];
    };
    expect(
      violationsOf({ ...completed, total_checks: -1, secret: 'x' } as unknown as RunCompletedEvent),
    ).toEqual(['secret', 'total_checks']);
    // The payload itself is left as it was given.
    expect(completed).not.toBeInstanceOf(RunCompletedEvent);
  });

  it('still validates a nested contract element by element on the way out', () => {
    expect(() =>
      assertValidOutgoing(TargetColumnsReply, {
        columns: [{ name: 'id', type: 'bigint', nullable: false }],
      }),
    ).not.toThrow();
    const error = (() => {
      try {
        assertValidOutgoing(TargetColumnsReply, {
          columns: [{ name: 'id', type: 'bigint', nullable: 'no', leaked: 1 }],
        } as unknown as TargetColumnsReply);
      } catch (e) {
        return e as InvalidPayloadError;
      }
      return undefined;
    })();
    expect(error?.violations.map((violation) => violation.field).sort()).toEqual([
      'columns.0.leaked',
      'columns.0.nullable',
    ]);
  });

  it('judges a contract with a default value as constructed, the default in place', () => {
    expect(() => assertValidOutgoing(WithDefault, {} as WithDefault)).not.toThrow();
    expect(() => assertValidOutgoing(WithDefault, { attempts: 'x' } as unknown as WithDefault)).toThrow(
      InvalidPayloadError,
    );
  });

  it("applies a contract's own transforms before judging it", () => {
    // The status filter is given as comma-separated text and judged as the list it becomes.
    expect(() =>
      assertValidOutgoing(RunListQuery, { status: 'queued, running' } as unknown as RunListQuery),
    ).not.toThrow();
    expect(() =>
      assertValidOutgoing(RunListQuery, { status: 'queued,asleep' } as unknown as RunListQuery),
    ).toThrow(InvalidPayloadError);
  });

  it('parses incoming JSON into the contract class and strips unknown fields', () => {
    const parsed = parseIncoming(ExecuteRunJob, JSON.stringify({ run_id: RUN_ID, added_later: true }));
    expect(parsed).toBeInstanceOf(ExecuteRunJob);
    expect(parsed).toEqual({ run_id: RUN_ID });
  });

  it('strips an incoming unknown field from its own copy, leaving the parsed payload as it was', () => {
    const received = { run_id: RUN_ID, added_later: { nested: true } };
    const checked = checkIncoming(ExecuteRunJob, received);
    expect(checked).toBeInstanceOf(ExecuteRunJob);
    expect(checked).toEqual({ run_id: RUN_ID });
    expect(received).toEqual({ run_id: RUN_ID, added_later: { nested: true } });
    expect(() => checkIncoming(ExecuteRunJob, { run_id: 'x' })).toThrow(/run_id/);
    expect(() => checkIncoming(ExecuteRunJob, [RUN_ID])).toThrow(InvalidPayloadError);
  });

  it('takes a received __proto__ key for an unknown field, never for the prototype', () => {
    const parsed = parseIncoming(ExecuteRunJob, `{"run_id":"${RUN_ID}","__proto__":{"polluted":true}}`);
    expect(parsed).toBeInstanceOf(ExecuteRunJob);
    expect(Object.getPrototypeOf(parsed)).toBe(ExecuteRunJob.prototype);
    expect(Object.keys(parsed)).toEqual(['run_id']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const outgoing = JSON.parse(`{"run_id":"${RUN_ID}","__proto__":{"run_id":"${RUN_ID}"}}`) as ExecuteRunJob;
    expect(() => assertValidOutgoing(ExecuteRunJob, outgoing)).toThrow(/__proto__/);
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

  it("checks a profile reply's nested columns, values and PII guesses", () => {
    const column = {
      name: 'email',
      type: 'text',
      null_count: 1,
      null_percent: 12.5,
      distinct_count: 7,
      min: 'a•••@x.test',
      max: null,
      top_values: [
        { value: 'b•••@x.test', count: 2 },
        { value: null, count: 1 },
      ],
      pii: { category: 'email', confidence: 0.9, reasons: ['name', 'values'] },
    };
    const reply = {
      row_count: 8,
      columns: [column, { ...column, distinct_count: null, pii: null }],
      duration_ms: 3,
    };
    expect(() => assertValidOutgoing(TargetProfileReply, reply)).not.toThrow();
    const broken = { ...reply, columns: [{ ...column, top_values: [{ value: 1, count: -1 }] }] };
    expect(() => assertValidOutgoing(TargetProfileReply, broken as unknown as TargetProfileReply)).toThrow(
      InvalidPayloadError,
    );
  });
});
