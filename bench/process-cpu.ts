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
  /** Left out of the total: the benchmark's own process, which a real caller would not share. */
  outsideTotal?: boolean;
}

interface Ticks {
  /** User and system time together. */
  all: number;
  /** System time alone: the kernel's part, which on loopback includes the peer's network path. */
  system: number;
}

/** CPU ticks of one process, or 0 when it is gone or /proc cannot be read. */
function ticksOf(pid: number): Ticks {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const system = Number(fields[12]);
    return { all: Number(fields[11]) + system, system };
  } catch {
    return { all: 0, system: 0 };
  }
}

/** Every process id /proc lists, or none when it cannot be read. */
function allPids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return [];
  }
}

function pidsMatching(command: RegExp): number[] {
  return allPids().filter((pid) => {
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
function readTicks(groups: readonly ProcessGroup[]): Map<string, { pid: number; ticks: Ticks }[]> {
  return new Map(
    groups.map((group) => {
      const pids = group.pids ?? (group.command ? pidsMatching(group.command) : []);
      return [group.name, pids.map((pid) => ({ pid, ticks: ticksOf(pid) }))];
    }),
  );
}

/** CPU milliseconds per operation, by group and in total; `kernel` is the system-time part of each. */
export interface CpuPerOperation {
  perOperation: Record<string, number>;
  kernel: Record<string, number>;
}

const rounded = (ms: number): number => Math.round(ms * 1000) / 1000;

/** Starts measuring; `stop(operations)` gives each group's CPU milliseconds per operation. */
export function startCpuMeter(groups: readonly ProcessGroup[]): {
  stop: (operations: number) => CpuPerOperation;
} {
  const before = readTicks(groups);
  return {
    stop(operations: number): CpuPerOperation {
      const after = readTicks(groups);
      const msOf = (ticks: number): number => ((ticks / TICKS_PER_SECOND) * 1000) / Math.max(operations, 1);
      const measured = groups.map((group) => {
        const start = new Map((before.get(group.name) ?? []).map(({ pid, ticks }) => [pid, ticks]));
        let all = 0;
        let system = 0;
        for (const { pid, ticks: now } of after.get(group.name) ?? []) {
          // A process that appeared since the first reading counts from zero.
          all += now.all - (start.get(pid)?.all ?? 0);
          system += now.system - (start.get(pid)?.system ?? 0);
        }
        return { group, all: msOf(all), system: msOf(system) };
      });
      const counted = measured.filter(({ group }) => !group.outsideTotal);
      // The groups, the total, then the groups outside the total.
      const rows = [
        ...counted,
        {
          group: { name: 'total' },
          all: counted.reduce((sum, row) => sum + row.all, 0),
          system: counted.reduce((sum, row) => sum + row.system, 0),
        },
        ...measured.filter(({ group }) => group.outsideTotal),
      ];
      const perOperation = Object.fromEntries(rows.map(({ group, all }) => [group.name, rounded(all)]));
      const kernel = Object.fromEntries(rows.map(({ group, system }) => [group.name, rounded(system)]));
      return { perOperation, kernel };
    },
  };
}

/** One line of a report: `gateway 1.412 (kernel 0.310), postgres 1.083 (...), ... ms CPU per <what>`. */
export function describeCpu({ perOperation, kernel }: CpuPerOperation, what: string): string {
  const parts = Object.entries(perOperation).map(
    ([name, ms]) => `${name} ${ms.toFixed(3)} (kernel ${(kernel[name] ?? 0).toFixed(3)})`,
  );
  return `CPU ms per ${what}: ${parts.join(', ')}`;
}

/**
 * CPU seconds of this process so far (every thread, DuckDB's included) plus those of the children
 * it has waited for: what a child that runs one measured step reports of itself.
 */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  let children = 0;
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    // Not Linux: the process's own time alone.
  }
  return (user + system) / 1e6 + children;
}

/** Socket inodes listening on a TCP port (IPv4 or IPv6), from /proc/net/tcp{,6}. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is `<hex address>:<hex port>`; state 0A is LISTEN.
      const localPort = parseInt(fields[1]?.split(':').at(-1) ?? '', 16);
      if (localPort === port && fields[3] === '0A' && fields[9] !== undefined) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The processes holding a socket that listens on `port`: a peer started by someone else. */
export function pidsListeningOn(port: number): number[] {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return [];
  return allPids().filter((pid) => {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      return false;
    }
    return fds.some((fd) => {
      try {
        const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        return link.startsWith('socket:[') && inodes.has(link.slice(8, -1));
      } catch {
        return false;
      }
    });
  });
}
