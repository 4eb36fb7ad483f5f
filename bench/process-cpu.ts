// CPU time of the processes a benchmark phase runs on, read from /proc (Linux), so a phase can say
// what one run or one request cost each of them: the gateway, the runners, and the shared servers
// (every PostgreSQL backend, Redis, NATS). Wall-clock latency alone cannot say which one to make
// cheaper when the cores are shared.
import * as fs from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (`getconf CLK_TCK`; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A group of processes, named for the report: fixed pids, or every process whose `comm` matches. */
export interface ProcessGroup {
  name: string;
  pids?: readonly number[];
  command?: RegExp;
}

/** CPU ticks (user + system) of one process, or 0 when it is gone or /proc cannot be read. */
function ticksOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function pidsMatching(command: RegExp): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return command.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim());
      } catch {
        return false;
      }
    });
}

/**
 * Ticks per group now. A process of a command group that starts and ends between two readings
 * (a PostgreSQL backend of a short connection) is missed: the phases measured here run on pooled
 * connections.
 */
function readTicks(groups: readonly ProcessGroup[]): Map<string, { pid: number; ticks: number }[]> {
  return new Map(
    groups.map((group) => {
      const pids = group.pids ?? (group.command ? pidsMatching(group.command) : []);
      return [group.name, pids.map((pid) => ({ pid, ticks: ticksOf(pid) }))];
    }),
  );
}

/** Starts measuring; `stop(operations)` gives each group's CPU milliseconds per operation. */
export function startCpuMeter(groups: readonly ProcessGroup[]): {
  stop: (operations: number) => Record<string, number>;
} {
  const before = readTicks(groups);
  return {
    stop(operations: number): Record<string, number> {
      const after = readTicks(groups);
      const perOperation: Record<string, number> = {};
      let total = 0;
      for (const group of groups) {
        const start = new Map((before.get(group.name) ?? []).map(({ pid, ticks }) => [pid, ticks]));
        // A process that appeared since the first reading counts from zero.
        const ticks = (after.get(group.name) ?? []).reduce(
          (sum, { pid, ticks: now }) => sum + now - (start.get(pid) ?? 0),
          0,
        );
        const ms = ((ticks / TICKS_PER_SECOND) * 1000) / Math.max(operations, 1);
        perOperation[group.name] = Math.round(ms * 1000) / 1000;
        total += ms;
      }
      perOperation['total'] = Math.round(total * 1000) / 1000;
      return perOperation;
    },
  };
}

/** One line of a report: `gateway 1.412, postgres 1.083, ... ms CPU per <what>`. */
export function describeCpu(perOperation: Record<string, number>, what: string): string {
  const parts = Object.entries(perOperation).map(([name, ms]) => `${name} ${ms.toFixed(3)}`);
  return `CPU ms per ${what}: ${parts.join(', ')}`;
}
