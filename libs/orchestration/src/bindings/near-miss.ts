import { NearMissReason } from '@dq/contracts';

/** A binding of the pipeline run's provider, as the matcher weighs it. */
export interface CandidateBinding {
  id: string;
  pipelineId: string;
  env: string;
  enabled: boolean;
  suiteExists: boolean;
  createdAt: Date;
}

/** What a succeeded pipeline run did against the bindings of its provider. */
export interface PipelineRunJudgement<T extends CandidateBinding = CandidateBinding> {
  /** Enabled bindings with the same pipeline id and env (exactly) whose suite exists: these fire. */
  matched: T[];
  /** When none matched: the closest binding (null when none is close) and why it did not match. */
  nearMiss: { reason: NearMissReason; bindingId: string | null } | null;
}

/** Ids compared ignoring case and surrounding white space: the "almost the same id" test. */
export function foldId(id: string): string {
  return id.trim().toLowerCase();
}

/** How far a binding is from the run: 0 same ids, 1 same ids but for case or spaces, 2 another env, else null. */
function distance(run: { pipelineId: string; env: string }, binding: CandidateBinding): 0 | 1 | 2 | null {
  if (binding.pipelineId === run.pipelineId && binding.env === run.env) return 0;
  if (foldId(binding.pipelineId) !== foldId(run.pipelineId)) return null;
  return foldId(binding.env) === foldId(run.env) ? 1 : 2;
}

/**
 * Which bindings fire for a succeeded run of (pipeline id, env), and otherwise the closest one with
 * the first reason it did not: the same ids but disabled, the same ids but its suite deleted, ids
 * that differ only by case or surrounding spaces, the same pipeline in another environment. Ties
 * go to an enabled binding, then one whose suite exists, then the oldest.
 */
export function judgePipelineRun<T extends CandidateBinding>(
  run: { pipelineId: string; env: string },
  candidates: readonly T[],
): PipelineRunJudgement<T> {
  const matched = candidates.filter(
    (binding) => distance(run, binding) === 0 && binding.enabled && binding.suiteExists,
  );
  if (matched.length > 0) return { matched, nearMiss: null };
  const ranked = candidates
    .map((binding) => ({ binding, distance: distance(run, binding) }))
    .filter((entry): entry is { binding: T; distance: 0 | 1 | 2 } => entry.distance !== null)
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        Number(b.binding.enabled) - Number(a.binding.enabled) ||
        Number(b.binding.suiteExists) - Number(a.binding.suiteExists) ||
        a.binding.createdAt.getTime() - b.binding.createdAt.getTime() ||
        a.binding.id.localeCompare(b.binding.id),
    );
  const closest = ranked[0];
  if (closest === undefined) return { matched, nearMiss: { reason: NearMissReason.None, bindingId: null } };
  const reason =
    closest.distance === 2
      ? NearMissReason.OtherEnvironment
      : closest.distance === 1
        ? NearMissReason.IdDiffersByCaseOrWhitespace
        : closest.binding.enabled
          ? NearMissReason.SuiteDeleted
          : NearMissReason.Disabled;
  return { matched, nearMiss: { reason, bindingId: closest.binding.id } };
}
