import { AppError, ErrorCode } from '@dq/contracts';
import { higherSeverity, nextIncidentState, sourceStates } from './incident-transitions';

describe('incident transitions', () => {
  it('acknowledges only an open incident', () => {
    expect(nextIncidentState('open', 'acknowledge')).toBe('acknowledged');
    expect(sourceStates('acknowledge')).toEqual(['open']);
  });

  it('resolves an open or acknowledged incident, by hand or by a clean run', () => {
    for (const event of ['resolve', 'clean_run'] as const) {
      expect(nextIncidentState('open', event)).toBe('resolved');
      expect(nextIncidentState('acknowledged', event)).toBe('resolved');
    }
  });

  it('a failure opens a new incident when none is unresolved, and keeps the state of one that is', () => {
    expect(nextIncidentState(null, 'fail')).toBe('open');
    expect(nextIncidentState('open', 'fail')).toBe('open');
    expect(nextIncidentState('acknowledged', 'fail')).toBe('acknowledged');
  });

  it.each([
    ['acknowledged', 'acknowledge'],
    ['resolved', 'acknowledge'],
    ['resolved', 'resolve'],
    ['resolved', 'clean_run'],
    ['resolved', 'fail'],
  ] as const)('refuses %s -> %s with a 409 naming the allowed states', (from, event) => {
    let error: unknown;
    try {
      nextIncidentState(from, event);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.Conflict);
    expect((error as AppError).detail).toMatchObject({ state: from, allowed_from: sourceStates(event) });
  });

  it('keeps the higher severity', () => {
    expect(higherSeverity('warn', 'critical')).toBe('critical');
    expect(higherSeverity('critical', 'fail')).toBe('critical');
    expect(higherSeverity('fail', 'warn')).toBe('fail');
  });
});
