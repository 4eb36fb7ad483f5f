import { type ConnectionCapabilities } from '@dq/contracts';

/** Capability flags an adapter may report in its test details; anything else is ignored. */
const KNOWN_CAPABILITIES = ['native_dmf'] as const;

/** A privilege name as an adapter reports it: a PostgreSQL attribute or role, or `role:<NAME>`. */
const PRIVILEGE_NAME = /^[a-z_]{1,64}$|^role:[A-Z_]{1,64}$/;

/** The reported dangerous privileges as a sorted list of well-formed names; undefined when not reported. */
function dangerousPrivilegesOf(reported: unknown): string[] | undefined {
  if (!Array.isArray(reported)) return undefined;
  const names = reported.filter(
    (name): name is string => typeof name === 'string' && PRIVILEGE_NAME.test(name),
  );
  return [...new Set(names)].sort();
}

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
  const privileges = dangerousPrivilegesOf((reported as Record<string, unknown>)['dangerous_privileges']);
  if (Object.keys(flags).length === 0 && privileges === undefined) return null;
  return {
    ...flags,
    ...(privileges !== undefined ? { dangerous_privileges: privileges } : {}),
    checked_at: checkedAt.toISOString(),
  };
}
