import {
  type CheckCaveat,
  type CheckChange,
  type CheckResponse,
  type CheckVersionResponse,
  type ConnectionCapabilities,
  type DqDimension,
} from '@dq/contracts';
import { type CheckDefinition } from '@dq/check-engine';
import { type CheckEntity, type CheckVersionEntity } from '../entities';

export function definitionOf(row: CheckEntity | CheckVersionEntity): CheckDefinition {
  return {
    name: row.name,
    description: row.description,
    kind: row.kind as CheckDefinition['kind'],
    engine: row.engine as CheckDefinition['engine'],
    dimension: row.dimension as DqDimension,
    thresholds: row.thresholds,
    config: row.config,
    enabled: row.enabled,
  };
}

/**
 * Spec rule 1: the native engine's availability probe is shown with the check, never a gate. No
 * probe yet, or a probe that found it missing, each says so.
 */
export function caveatsOf(row: CheckEntity, capabilities: ConnectionCapabilities | null): CheckCaveat[] {
  if (row.engine !== 'native') return [];
  if (capabilities?.native_dmf === true) return [];
  if (capabilities === null || capabilities.native_dmf === undefined) {
    return [
      {
        code: 'native_engine_unverified',
        message:
          'Whether the warehouse offers its native metric functions is not known yet; test or re-authenticate the connection to find out.',
      },
    ];
  }
  return [
    {
      code: 'native_engine_unavailable',
      message:
        "The connection's last test found the warehouse's native metric functions unavailable (edition or grant); runs of this check may fail.",
    },
  ];
}

export function toCheckResponse(
  row: CheckEntity,
  capabilities: ConnectionCapabilities | null,
): CheckResponse {
  return {
    id: row.id,
    suite_id: row.suiteId,
    name: row.name,
    description: row.description,
    kind: row.kind,
    engine: row.engine,
    dimension: row.dimension as DqDimension,
    thresholds: row.thresholds,
    config: row.config,
    enabled: row.enabled,
    version: row.version,
    snoozed_until: row.snoozedUntil && row.snoozedUntil > new Date() ? row.snoozedUntil.toISOString() : null,
    caveats: caveatsOf(row, capabilities),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toCheckVersionResponse(row: CheckVersionEntity): CheckVersionResponse {
  return {
    version: row.version,
    change: row.change as CheckChange,
    restored_from: row.restoredFrom,
    name: row.name,
    description: row.description,
    kind: row.kind,
    engine: row.engine,
    dimension: row.dimension as DqDimension,
    thresholds: row.thresholds,
    config: row.config,
    enabled: row.enabled,
    changed_by: row.changedBy,
    changed_at: row.changedAt.toISOString(),
  };
}
