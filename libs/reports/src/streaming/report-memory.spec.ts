import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Writable } from 'node:stream';
import { CsvReportWriter } from '../csv/csv-report-writer';
import type { ReportRow, ReportWriter } from '../report-writer';
import { XlsxReportWriter } from '../xlsx/xlsx-report-writer';

// A real collection before each sample, so garbage does not pass for retained memory.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const ROWS = 200_000;
const SAMPLE_EVERY = 10_000;
const MiB = 1024 * 1024;

/** Memory that would hold buffered output: the JS heap and Buffers/ArrayBuffers outside it. */
function retained(): number {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** About 450 bytes of CSV a row (more as XLSX XML); figures with and without backpressure: bench/README.md. */
async function* manyRows(onSample: () => void): AsyncGenerator<ReportRow> {
  const filler = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(5);
  for (let index = 0; index < ROWS; index++) {
    if (index % SAMPLE_EVERY === 0) onSample();
    yield [
      index % 3 === 0 ? 'mismatched' : 'only_in_target',
      index,
      `customer-${index}`,
      'amount',
      `${filler} target ${index}`,
      `${filler} baseline ${index}`,
      -index / 100,
      new Date(Date.UTC(2024, 0, 1) + index * 1000),
      index % 2 === 0,
    ];
  }
}

const header = ['side', 'id', 'customer', 'column', 'target', 'baseline', 'delta', 'seen', 'flag'];

describe.each<[string, () => ReportWriter]>([
  ['csv', () => new CsvReportWriter()],
  ['xlsx', () => new XlsxReportWriter()],
])('%s writer memory', (_format, makeWriter) => {
  it(`stays bounded over ${ROWS.toLocaleString('en')} rows into a slow destination`, async () => {
    let bytes = 0;
    let maxBuffered = 0;
    // Takes one chunk per event-loop turn, like a socket with a modest client behind it.
    const destination = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        maxBuffered = Math.max(maxBuffered, this.writableLength);
        setImmediate(callback);
      },
    });
    const rssBefore = process.memoryUsage().rss;
    const before = retained();
    let peak = before;
    const result = await makeWriter().write(
      [{ name: 'rows', header, rows: manyRows(() => (peak = Math.max(peak, retained()))) }],
      destination,
    );
    const rssGrowth = process.memoryUsage().rss - rssBefore;

    expect(result.rows).toBe(ROWS);
    expect(bytes).toBeGreaterThan(5 * MiB);
    // Loose bounds: the point is "does not grow with the row count", not a tight budget.
    expect(peak - before).toBeLessThan(32 * MiB);
    expect(maxBuffered).toBeLessThan(2 * MiB);
    expect(rssGrowth).toBeLessThan(256 * MiB);
  }, 180_000);
});
