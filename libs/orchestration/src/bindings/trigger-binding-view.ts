import { type TriggerBindingResponse } from '@dq/contracts';
import { type TriggerBindingEntity } from '../entities';

/** A binding as REST and MCP answer it; `suiteName` is null once its suite was deleted. */
export function toTriggerBindingResponse(
  binding: TriggerBindingEntity,
  suiteName: string | null,
): TriggerBindingResponse {
  return {
    id: binding.id,
    provider: binding.provider,
    pipeline_id: binding.pipelineId,
    env: binding.env,
    suite_id: binding.suiteId,
    enabled: binding.enabled,
    suite_exists: suiteName !== null,
    suite_name: suiteName,
    created_by: binding.createdBy,
    created_at: binding.createdAt.toISOString(),
    updated_at: binding.updatedAt.toISOString(),
  };
}
