import { type ConnectionCapabilities } from '@dq/contracts';

/** Capability flags an adapter may report in its test details; anything else is ignored. */
const KNOWN_CAPABILITIES = ['native_dmf'] as const;

/**
 * The capabilities a passing test reported (`details.capabilities`), stamped with when they were
 * checked; null when the adapter reports none. Only known boolean flags are kept, so a datasource
 * cannot write arbitrary JSON onto the connection.
 */
export function capabilitiesFromTestDetails(
  details: Record<string, unknown>,
  checkedAt: Date,
): ConnectionCapabilities | null {
  const reported = details['capabilities'];
  if (typeof reported !== 'object' || reported === null || Array.isArray(reported)) return null;
  const flags: Partial<Record<(typeof KNOWN_CAPABILITIES)[number], boolean>> = {};
  for (const name of KNOWN_CAPABILITIES) {
    const value = (reported as Record<string, unknown>)[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  if (Object.keys(flags).length === 0) return null;
  return { ...flags, checked_at: checkedAt.toISOString() };
}
