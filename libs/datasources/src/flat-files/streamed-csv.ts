import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { DatasourceErrorClass } from '@dq/contracts';
import { type CallOptions, DatasourceError, type FileEntry } from '../adapter/datasource-adapter';
import { type ViewDefinition } from './duckdb-engine';
import { type FeedProgress, PipeFeeder } from './pipe-feeder';
import { type RemoteFileStore } from './remote-file-store';

/** Bytes that must have arrived before the view is made: the head the encoding and header checks read. */
const HEAD_BYTES = 64 * 1024;
/** Bytes handed to a pipe reader at a time. */
const PIPE_CHUNK_BYTES = 1024 * 1024;
/** How often the path is tried for a reader waiting to open it while the file arrives. */
const OPEN_POLL_MS = 1;
/** After the switch to the whole file: how often the retired pipe is tried, at first and later on. */
const RETIRED_PIPE_POLL_MS = 5;
const RETIRED_PIPE_SLOW_POLL_MS = 100;
const RETIRED_PIPE_FAST_MS = 250;
/**
 * When the whole file is in while a pipe reader has been fed less than this share of it, the
 * running statement is run again over the regular file, in parallel (docs/decisions/0055): the
 * rest of a single-threaded pipe scan would take longer than a parallel read of the whole file.
 */
export const RERUN_BELOW_FRACTION = 0.25;

const runFile = promisify(execFile);
const readAt = promisify(fs.read);

/** Makes a named pipe only its owner may open. */
async function makeFifo(fifoPath: string): Promise<void> {
  await runFile('mkfifo', ['-m', '600', fifoPath]);
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * The write end of the named pipe at `fifoPath` when a reader has it open (or is blocked opening
 * it), without ever blocking: `undefined` when no reader is there.
 */
function openForWaitingReader(fifoPath: string): number | undefined {
  try {
    return fs.openSync(fifoPath, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENXIO' || code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A download whose size is not the listed size: cut off, or the file replaced meanwhile. */
function wrongSize(file: FileEntry, received: number): DatasourceError {
  return new DatasourceError(
    DatasourceErrorClass.Unreachable,
    received < file.size
      ? `The download of ${file.path} broke off after ${received} of ${file.size} bytes`
      : `The file ${file.path} changed while it was read: ${received} bytes arrived, ${file.size} were listed`,
  );
}

/**
 * One CSV file downloaded into the spool while DuckDB already reads it (docs/decisions/0050).
 *
 * DuckDB reads the path `viewPath`, which is a named pipe while the file arrives: every open of it
 * (the view's bind, each statement's bind and scan, a second scan in one statement) is moved to a
 * pipe of its own and fed the file from its first byte, from the spool as far as it has arrived
 * and then as it arrives, so a reader never waits for more than the download. Once the whole file
 * is in, the spool file replaces the pipe at `viewPath` and later statements read it as a regular
 * file (in parallel); a reader still far behind then fires `rerun` (docs/decisions/0055), and only
 * then are the readers handed the file's last bytes. A
 * download that fails or ends short fires `failed` before any reader sees the end of its pipe, so
 * a statement over cut-off bytes is failed, never reported as complete.
 */
class ArrivingCsv {
  private written = 0;
  /**
   * Bytes the readers may be fed: all that is written, but the file's last bytes only at the switch,
   * once a rerun is asked (a statement cannot end on them before its interrupt is set).
   */
  private handed = 0;
  private done = false;
  private failure?: Error;
  private wakers: Array<() => void> = [];
  private readonly failedController = new AbortController();
  private readonly stopController = new AbortController();
  private readonly readers = new Set<net.Socket>();
  private readonly feeder = new PipeFeeder();
  /** Every pipe reader's feed, to see at the switch how far behind the download the readers are. */
  private readonly feeds = new Set<FeedProgress>();
  /** A pipe made ahead, moved to `viewPath` the moment a reader opens the current one. */
  private spare?: string;
  private spares = 0;
  private pollTimer?: NodeJS.Timeout;
  /** Where the readers' bytes come from: the spool file, or `viewPath` once it replaced the pipe. */
  private dataPath: string;
  private closed = false;
  private downloaded?: Promise<void>;

  readonly failed = this.failedController.signal;
  /** Fires `rerun` when the file is in and a reader is far behind (`ViewDefinition.source.rerun`). */
  readonly rerun = new EventTarget();
  /** The spool file by a name that stays, for the encoding and header checks. */
  readonly headPath: string;

  constructor(
    private readonly store: RemoteFileStore,
    private readonly file: FileEntry,
    private readonly directory: string,
    readonly viewPath: string,
    readonly spoolPath: string,
    private readonly call: CallOptions,
    private readonly rerunBelow: number,
  ) {
    this.dataPath = spoolPath;
    this.headPath = path.join(directory, `head-${path.basename(spoolPath)}`);
  }

  /** Starts the download and makes the pipes meanwhile; the pipe is served from then on. */
  async start(): Promise<void> {
    this.feeder.warm();
    const piped = Promise.all([makeFifo(this.viewPath), this.makeSpare()]).then(([, spare]) => {
      this.spare = spare;
    });
    // The switch to the whole file needs the pipe in place; without pipes the caller releases.
    this.downloaded = this.download().then(
      () => piped.then(() => this.arrived()),
      (error: unknown) => this.fail(error),
    );
    this.downloaded.catch(() => undefined);
    await piped;
    this.schedulePoll();
  }

  /** Resolves once `bytes` bytes (or the whole file) are on disk; throws the download's failure. */
  async waitFor(bytes: number): Promise<void> {
    for (;;) {
      if (this.failure !== undefined) throw this.failure;
      if (this.done || this.written >= bytes) return;
      await this.changed();
    }
  }

  /**
   * Ends everything the file holds open: the download if it is still running, the pipes (a reader
   * blocked on one sees its end), the polling. Never throws; afterwards the directory may go.
   */
  async release(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopController.abort();
    this.stopPolling();
    this.feeder.stop();
    this.endReaders();
    await this.downloaded?.catch(() => undefined);
    this.unblockOpeners(this.viewPath);
  }

  private async download(): Promise<void> {
    const signal = this.call.signal
      ? AbortSignal.any([this.call.signal, this.stopController.signal])
      : this.stopController.signal;
    const handle = await fs.promises.open(this.spoolPath, 'wx');
    // A second name for the head checks: the spool file may be renamed while they read it.
    await fs.promises.link(this.spoolPath, this.headPath);
    try {
      const source = await this.store.openStream(this.file.path, { ...this.call, signal });
      const sink = new Writable({
        highWaterMark: PIPE_CHUNK_BYTES,
        writev: (chunks, callback) => {
          const buffers = chunks.map(({ chunk }) =>
            Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array),
          );
          const length = buffers.reduce((sum, buffer) => sum + buffer.byteLength, 0);
          handle.writev(buffers).then(({ bytesWritten }) => {
            if (bytesWritten !== length) throw new Error('The spool disk took fewer bytes than written');
            this.written += bytesWritten;
            if (this.written < this.file.size) this.hand(this.written);
            callback();
          }, callback);
        },
      });
      await pipeline(source, sink, { signal });
    } finally {
      await handle.close();
    }
    if (this.written !== this.file.size) throw wrongSize(this.file, this.written);
  }

  /** Lets the readers be fed the file's first `bytes` bytes. */
  private hand(bytes: number): void {
    this.handed = bytes;
    this.feeder.setWritten(bytes);
    this.wake();
  }

  /**
   * The whole file is in: the path becomes the file, a reader far behind asks for a rerun, and only
   * then do the readers get their last bytes and the end.
   */
  private arrived(): void {
    if (this.closed) return;
    // Measured before any reader is handed the file's last bytes.
    const readerBehind = this.readerBehind();
    this.stopPolling();
    if (this.spare) fs.rmSync(this.spare, { force: true });
    this.spare = undefined;
    // A reader may have resolved the path to the pipe just before the switch: the pipe keeps a
    // second name until that reader comes or the session ends (never ended early: an empty read
    // would look like a whole file).
    const retired = path.join(this.directory, 'retired.fifo');
    try {
      fs.linkSync(this.viewPath, retired);
      fs.renameSync(this.spoolPath, this.viewPath);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.done = true;
    this.dataPath = this.viewPath;
    if (readerBehind) this.askRerun();
    this.hand(this.written);
    this.feeder.complete();
    const fastUntil = Date.now() + RETIRED_PIPE_FAST_MS;
    const serveRetired = (): void => {
      if (this.closed) {
        this.unblockOpeners(retired);
        return;
      }
      const fd = openForWaitingReader(retired);
      if (fd !== undefined) {
        // The pipe is its reader's from now on: the name goes, so the reader is not fed twice
        // (a reader holding the pipe open lets the write end open again).
        fs.rmSync(retired, { force: true });
        this.serve(fd);
        // A scan that opened the pipe just before the switch is at the file's start.
        if (this.readerBehind()) this.askRerun();
        return;
      }
      const delay = Date.now() < fastUntil ? RETIRED_PIPE_POLL_MS : RETIRED_PIPE_SLOW_POLL_MS;
      setTimeout(serveRetired, delay).unref();
    };
    serveRetired();
  }

  /**
   * A statement scanning a pipe reads the rest of it on one thread: whether an open reader has been
   * fed less than `rerunBelow` of the file. Readers that closed (a bind's sample read) do not count.
   */
  private readerBehind(): boolean {
    const behind = this.file.size * this.rerunBelow;
    for (const feed of this.feeds) if (feed.open() && feed.fed() < behind) return true;
    return false;
  }

  /** Asks the engine to run the scanning statement again over the regular file now at the path. */
  private askRerun(): void {
    this.rerun.dispatchEvent(new Event('rerun'));
  }

  /**
   * The download failed or ended short: `failed` fires first (the engine interrupts the running
   * statement and fails it with this error), then every reader sees the end of its pipe.
   */
  private fail(error: unknown): void {
    if (this.failure !== undefined || this.done) return;
    this.failure = error instanceof Error ? error : new Error(String(error));
    this.wake();
    // Stopped by `release`: the session is over, nothing reads the file any more.
    if (this.closed) return;
    this.failedController.abort(this.failure);
    this.stopPolling();
    this.feeder.stop();
    this.endReaders();
    this.unblockOpeners(this.viewPath);
    fs.rmSync(this.viewPath, { force: true });
  }

  /** Ends the pipe of a reader blocked opening `fifoPath`, so it sees an empty file instead of waiting. */
  private unblockOpeners(fifoPath: string): void {
    try {
      if (!fs.lstatSync(fifoPath).isFIFO()) return;
    } catch {
      return;
    }
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const fd = openForWaitingReader(fifoPath);
      if (fd === undefined) return;
      fs.closeSync(fd);
    }
  }

  private endReaders(): void {
    for (const reader of this.readers) reader.destroy();
    this.readers.clear();
  }

  private async makeSpare(): Promise<string> {
    this.spares += 1;
    const spare = path.join(this.directory, `pipe-${this.spares}.fifo`);
    await makeFifo(spare);
    return spare;
  }

  private schedulePoll(): void {
    if (this.closed || this.done || this.failure !== undefined || this.pollTimer) return;
    this.pollTimer = setTimeout(() => this.poll(), OPEN_POLL_MS);
  }

  private stopPolling(): void {
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
  }

  /** A reader opened the pipe: a fresh pipe takes its place at once, so the next open is its own. */
  private poll(): void {
    this.pollTimer = undefined;
    if (this.closed || this.done || this.failure !== undefined || !this.spare) return;
    let fd: number | undefined;
    try {
      fd = openForWaitingReader(this.viewPath);
      if (fd !== undefined) {
        fs.renameSync(this.spare, this.viewPath);
        this.spare = undefined;
      }
    } catch (error) {
      if (fd !== undefined) fs.closeSync(fd);
      this.fail(error);
      return;
    }
    if (fd === undefined) {
      this.schedulePoll();
      return;
    }
    this.serve(fd);
    this.makeSpare().then(
      (spare) => {
        if (this.closed || this.done || this.failure !== undefined) fs.rmSync(spare, { force: true });
        else this.spare = spare;
        this.schedulePoll();
      },
      (error: unknown) => this.fail(error),
    );
  }

  /** Feeds one reader's pipe the file from its first byte; a reader that closes early is let go. */
  private serve(fd: number): void {
    let source: number;
    try {
      // Opened now, before the spool file can be renamed to the view's path.
      source = fs.openSync(this.dataPath, 'r');
    } catch (error) {
      fs.closeSync(fd);
      this.fail(error);
      return;
    }
    for (const feed of this.feeds) if (!feed.open()) this.feeds.delete(feed);
    const progress = this.feeder.feed(
      fd,
      source,
      (error) => this.fail(error),
      () => {
        this.feeds.delete(progress);
        this.serveHere(fd, source);
      },
    );
    this.feeds.add(progress);
  }

  /** Feeds one reader's pipe from the event loop (where a pipe cannot be reopened by descriptor). */
  private serveHere(fd: number, source: number): void {
    const reader = new net.Socket({ fd, readable: false, writable: true });
    let position = 0;
    const progress: FeedProgress = { fed: () => position, open: () => !reader.destroyed };
    this.readers.add(reader);
    this.feeds.add(progress);
    // EPIPE: the reader closed its end (a bind reads only the sniffer's sample).
    reader.on('error', () => undefined);
    reader.once('close', () => this.readers.delete(reader));
    // A pump that fails fails the file: its reader must never take an early end for the whole file.
    this.pump(reader, source, (fed) => (position = fed)).catch((error: unknown) => this.fail(error));
  }

  private async pump(reader: net.Socket, source: number, onFed: (position: number) => void): Promise<void> {
    try {
      let position = 0;
      while (!reader.destroyed) {
        if (this.failure !== undefined) {
          reader.destroy();
          return;
        }
        const available = this.handed - position;
        if (available > 0) {
          const chunk = Buffer.allocUnsafe(Math.min(available, PIPE_CHUNK_BYTES));
          const { bytesRead } = await readAt(source, chunk, 0, chunk.byteLength, position);
          if (bytesRead === 0) throw new Error('The spool file is shorter than the bytes written to it');
          position += bytesRead;
          onFed(position);
          if (!reader.write(chunk.subarray(0, bytesRead))) await drained(reader);
          continue;
        }
        if (this.done) {
          reader.end(() => reader.destroy());
          return;
        }
        await this.changed();
      }
    } finally {
      fs.closeSync(source);
    }
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.wakers.push(resolve));
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }
}

function drained(reader: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      reader.off('drain', done);
      reader.off('close', done);
      resolve();
    };
    reader.once('drain', done);
    reader.once('close', done);
  });
}

/**
 * The view over one remote CSV file that DuckDB reads while it downloads (docs/decisions/0050):
 * waits only for the file's head (the encoding and header checks), then returns `csvView`'s view
 * over the arriving path with the download as its `source`. `undefined` when this host cannot
 * make a named pipe: the caller then spools the file whole.
 */
export async function streamedCsvView(
  store: RemoteFileStore,
  file: FileEntry,
  directory: string,
  call: CallOptions,
  /** The view over `viewPath`, its head checks reading the regular file `headPath`. */
  csvView: (viewPath: string, headPath: string) => Promise<ViewDefinition>,
  /** The share of the file below which a statement still reading a pipe runs again (tests). */
  rerunBelow = RERUN_BELOW_FRACTION,
): Promise<ViewDefinition | undefined> {
  const extension = path.extname(file.path).toLowerCase();
  const arriving = new ArrivingCsv(
    store,
    file,
    directory,
    path.join(directory, `0000${extension}`),
    path.join(directory, `arriving${extension}`),
    call,
    rerunBelow,
  );
  try {
    await arriving.start();
  } catch (error) {
    await arriving.release();
    // No `mkfifo` on this host: the file is spooled whole at the path the pipe would have taken.
    if (errorCode(error) !== 'ENOENT') throw error;
    fs.rmSync(arriving.viewPath, { force: true });
    return undefined;
  }
  try {
    await arriving.waitFor(Math.min(file.size, HEAD_BYTES));
    const view = await csvView(arriving.viewPath, arriving.headPath);
    return {
      ...view,
      source: { failed: arriving.failed, rerun: arriving.rerun, release: () => arriving.release() },
    };
  } catch (error) {
    await arriving.release();
    throw error;
  }
}
