// Child-process entry for the memory-bound test: scans one local file through FlatFileReader and
// prints the result and the process's peak RSS as one JSON line. Run with tools/register.cjs.
import { EgressGuard } from '@dq/security';
import { FlatFileReader } from './flat-file-reader';
import { LocalFileStore } from './local-file-store';

async function main(): Promise<void> {
  const [root, target, sql, memoryLimitMb, spoolDir] = process.argv.slice(2);
  if (!root || !target || !sql || !memoryLimitMb || !spoolDir)
    throw new Error('usage: read-in-child <root> <target> <sql> <memoryLimitMb> <spoolDir>');
  const reader = new FlatFileReader(
    { egress: new EgressGuard({ nodeEnv: 'test' }), spoolDir },
    { memoryLimitMb: Number(memoryLimitMb) },
  );
  // What the process holds before the scan (Node, the TypeScript loader, DuckDB): the scan's own
  // memory is the peak above it.
  const baselineRssBytes = process.memoryUsage().rss;
  const started = process.hrtime.bigint();
  const result = await reader.scan(new LocalFileStore(root), target, sql, {
    timeoutMs: 600_000,
    maxRows: 10,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(
    `${JSON.stringify({
      rows: result.rows,
      seconds,
      baselineRssBytes,
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
