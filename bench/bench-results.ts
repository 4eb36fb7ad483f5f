/* eslint-disable no-console -- a terminal benchmark's report. */
import * as fs from 'node:fs';
import * as path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..');

/**
 * Writes a full-size run's figures to `resultsFile` (committed, the run a change is compared with);
 * a run at another `DQ_BENCH_SCALE` is a trial and writes nothing.
 */
export function recordResults(resultsFile: string, output: unknown, scale: number): void {
  if (scale !== 1) {
    console.log(`DQ_BENCH_SCALE=${scale}: a trial run, not recorded`);
    return;
  }
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`written to ${path.relative(REPO_ROOT, resultsFile)}`);
}

/** Runs a benchmark's `main`, exiting non-zero with the error when it fails. */
export function runBenchmark(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
