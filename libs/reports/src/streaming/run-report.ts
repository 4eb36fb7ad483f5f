import type { Writable } from 'node:stream';
import type { ReportRow, ReportSection, ReportWriteOptions, ReportWriteResult } from '../report-writer';
import { DestinationGuard } from './destination-guard';
import { RowSource } from './row-source';
import { validateSections } from './validate-sections';

/** What a format's writer works with while it writes one report. */
export class ReportRun {
  rows = 0;

  constructor(
    readonly guard: DestinationGuard,
    private readonly sources: readonly RowSource[],
  ) {}

  /** The next row of section `index`, or `undefined` at its end; throws once the destination is gone. */
  nextRow(index: number): Promise<ReportRow | undefined> {
    const source = this.sources[index];
    if (source === undefined) throw new RangeError(`No section ${index}`);
    return source.next(this.guard);
  }
}

/**
 * The lifecycle shared by every format: validate, write, and on an early stop close every source
 * (so the upstream reads stop), destroy the destination if it is still there, and reject with the
 * `ReportAbortedError` or the source's error.
 */
export async function runReport(
  sections: readonly ReportSection[],
  destination: Writable,
  options: ReportWriteOptions | undefined,
  write: (run: ReportRun) => Promise<void>,
): Promise<ReportWriteResult> {
  try {
    validateSections(sections);
  } catch (error) {
    if (Array.isArray(sections)) await closeAll(sections.flatMap(sourceOf));
    throw error;
  }
  const sources = sections.map((section) => new RowSource(section.rows));
  const guard = new DestinationGuard(destination, options?.signal);
  const run = new ReportRun(guard, sources);
  try {
    await write(run);
    return { rows: run.rows };
  } catch (error) {
    await closeAll(sources);
    const failure = guard.aborted ?? (error instanceof Error ? error : new Error(String(error)));
    await guard.fail(failure);
    throw failure;
  } finally {
    guard.dispose();
  }
}

function sourceOf(section: unknown): RowSource[] {
  const rows = (section as Partial<ReportSection> | null)?.rows;
  return rows !== null && typeof rows === 'object' ? [new RowSource(rows)] : [];
}

async function closeAll(sources: readonly RowSource[]): Promise<void> {
  await Promise.all(sources.map((source) => source.close()));
}
