import { NearMissReason } from '@dq/contracts';
import { type CandidateBinding, judgePipelineRun } from './near-miss';

const run = { pipelineId: 'load_orders', env: 'prod' };
let next = 0;
function binding(overrides: Partial<CandidateBinding> = {}): CandidateBinding {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    pipelineId: 'load_orders',
    env: 'prod',
    enabled: true,
    suiteExists: true,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, next)),
    ...overrides,
  };
}

describe('judgePipelineRun', () => {
  it('fires every enabled exact binding whose suite exists, and reports no near-miss', () => {
    const a = binding();
    const b = binding();
    const off = binding({ enabled: false });
    expect(judgePipelineRun(run, [a, off, b])).toEqual({ matched: [a, b], nearMiss: null });
  });

  it('names an enabled exact binding whose suite was deleted before a disabled one', () => {
    const gone = binding({ suiteExists: false });
    const off = binding({ enabled: false });
    expect(judgePipelineRun(run, [gone, off]).nearMiss).toEqual({
      reason: NearMissReason.SuiteDeleted,
      bindingId: gone.id,
    });
    expect(judgePipelineRun(run, [off]).nearMiss).toEqual({
      reason: NearMissReason.Disabled,
      bindingId: off.id,
    });
  });

  it('prefers ids that differ by case or spaces over another environment', () => {
    const otherEnv = binding({ env: 'dev' });
    const cased = binding({ pipelineId: ' Load_Orders ' });
    expect(judgePipelineRun(run, [otherEnv, cased]).nearMiss).toEqual({
      reason: NearMissReason.IdDiffersByCaseOrWhitespace,
      bindingId: cased.id,
    });
    expect(judgePipelineRun(run, [otherEnv]).nearMiss).toEqual({
      reason: NearMissReason.OtherEnvironment,
      bindingId: otherEnv.id,
    });
    const casedEnv = binding({ env: 'PROD' });
    expect(judgePipelineRun(run, [casedEnv]).nearMiss?.reason).toBe(
      NearMissReason.IdDiffersByCaseOrWhitespace,
    );
  });

  it('says none when no binding is close', () => {
    expect(judgePipelineRun(run, [binding({ pipelineId: 'load_customers' })]).nearMiss).toEqual({
      reason: NearMissReason.None,
      bindingId: null,
    });
    expect(judgePipelineRun(run, []).nearMiss).toEqual({ reason: NearMissReason.None, bindingId: null });
  });
});
