import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable, Writable } from 'node:stream';
import { CsvReportWriter } from '../csv/csv-report-writer';
import { ReportAbortedError } from '../report-aborted.error';
import type { ReportRow, ReportSection, ReportWriter } from '../report-writer';
import { XlsxReportWriter } from '../xlsx/xlsx-report-writer';
import { mapRows } from './map-rows';

/** An endless source that records how far it was pulled and whether it was closed. */
function endlessSource(onRow?: (index: number) => void) {
  const state = { pulled: 0, closed: false };
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  async function* rows(): AsyncGenerator<ReportRow> {
    try {
      for (let index = 0; ; index++) {
        state.pulled++;
        onRow?.(index);
        yield [index, `row ${index}`, 'x'.repeat(80), -index, new Date(Date.UTC(2024, 0, 1))];
      }
    } finally {
      state.closed = true;
      markClosed();
    }
  }
  return { state, closed, rows: rows() };
}

/** A destination that swallows what it gets, one chunk per event-loop turn. */
function slowSink(): Writable {
  return new Writable({
    highWaterMark: 16 * 1024,
    write: (_chunk, _encoding, callback) => setImmediate(callback),
  });
}

const header = ['id', 'name', 'filler', 'negative', 'seen'];
const writers: [string, () => ReportWriter][] = [
  ['csv', () => new CsvReportWriter()],
  ['xlsx', () => new XlsxReportWriter()],
];

describe.each(writers)('%s writer, destination going away', (_format, makeWriter) => {
  it('stops pulling rows and closes the source when the destination is destroyed', async () => {
    const destination = slowSink();
    const source = endlessSource((index) => {
      if (index === 5_000) destination.destroy();
    });
    const written = makeWriter().write([{ name: 'rows', header, rows: source.rows }], destination);
    await expect(written).rejects.toBeInstanceOf(ReportAbortedError);
    await source.closed;
    expect(source.state.closed).toBe(true);
    // The row being yielded when the destination went away, and not one more.
    expect(source.state.pulled).toBe(5_001);
  });

  it('stops when the HTTP client disconnects', async () => {
    const source = endlessSource();
    let outcome: Promise<unknown> = Promise.resolve();
    const server: Server = createServer((_request, response) => {
      outcome = makeWriter()
        .write([{ name: 'rows', header, rows: source.rows }], response)
        .then(
          () => 'completed',
          (error: unknown) => error,
        );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const request = get({ host: '127.0.0.1', port, path: '/report' }, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ECONNRESET') reject(error);
        });
      });
      await source.closed;
      expect(await outcome).toBeInstanceOf(ReportAbortedError);
      expect(source.state.closed).toBe(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('does not wait on a source stuck upstream: it rejects and calls return() at once', async () => {
    let returned = 0;
    let served = 0;
    const stuck: AsyncIterable<ReportRow> = {
      [Symbol.asyncIterator]: () => ({
        next: () =>
          served < 3
            ? Promise.resolve({ done: false, value: [served++, 'row'] })
            : new Promise(() => undefined),
        return: () => {
          returned++;
          return Promise.resolve({ done: true, value: undefined });
        },
      }),
    };
    const destination = new PassThrough();
    destination.resume();
    const written = makeWriter().write([{ name: 'rows', header: ['id', 'name'], rows: stuck }], destination);
    setTimeout(() => destination.destroy(), 20);
    await expect(written).rejects.toBeInstanceOf(ReportAbortedError);
    expect(returned).toBe(1);
  });

  it('closes the sections it had not reached yet, started or not', async () => {
    const destination = slowSink();
    const current = endlessSource((index) => {
      if (index === 100) destination.destroy();
    });
    const later = new Readable({ objectMode: true, read() {} });
    let mappedReturned = false;
    const mapped = mapRows(
      {
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.resolve({ done: true as const, value: undefined }),
          return: () => {
            mappedReturned = true;
            return Promise.resolve({ done: true as const, value: undefined });
          },
        }),
      },
      (item: ReportRow) => item,
    );
    const sections: ReportSection[] = [
      { name: 'summary', header: ['metric', 'value'], rows: [['matched', 1]] },
      { name: 'rows', header, rows: current.rows },
      { name: 'later', header: ['a'], rows: later },
      { name: 'mapped', header: ['a'], rows: mapped },
    ];
    await expect(makeWriter().write(sections, destination)).rejects.toBeInstanceOf(ReportAbortedError);
    expect(current.state.closed).toBe(true);
    expect(later.destroyed).toBe(true);
    expect(mappedReturned).toBe(true);
  });

  it('stops on the abort signal and destroys the destination so the client sees a failed download', async () => {
    const controller = new AbortController();
    const destination = slowSink();
    const errors: unknown[] = [];
    destination.on('error', (error) => errors.push(error));
    const source = endlessSource((index) => {
      if (index === 1_000) controller.abort();
    });
    const written = makeWriter().write([{ name: 'rows', header, rows: source.rows }], destination, {
      signal: controller.signal,
    });
    await expect(written).rejects.toThrow('the signal was aborted');
    expect(source.state.closed).toBe(true);
    expect(destination.destroyed).toBe(true);
    expect(errors[0]).toBeInstanceOf(ReportAbortedError);
  });
});
