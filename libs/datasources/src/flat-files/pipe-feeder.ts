import * as fs from 'node:fs';
import { Worker } from 'node:worker_threads';

/** Bytes moved from the spool to a pipe per write. */
const CHUNK_BYTES = 1024 * 1024;
/** Longest a feeder sleeps without news before it looks again. */
const WAIT_MS = 1000;

/**
 * A feeder thread: copies the spool file into one pipe from its first byte, with blocking writes,
 * following the shared progress (`written`, and the phase: 0 arriving, 1 complete, 2 stopped). A
 * pipe is closed (its reader sees the end) only when everything was written or the feed was
 * stopped; on any other failure it is left open for the main thread to fail the file first. The
 * feed's own shared slots say how far its reader has been fed and whether it still feeds it.
 * Plain JavaScript in a string, not a function's source: a transpiler or coverage instrumentation
 * would rewrite a function's body with names the worker does not have.
 */
const FEEDER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
parentPort.on('message', ({ opened, source, control, progress, feed }) => {
  const fed = new BigInt64Array(feed);
  let pipe;
  try {
    // The same pipe again, blocking: its reader is there, so this open returns at once.
    pipe = fs.openSync('/proc/self/fd/' + opened, fs.constants.O_WRONLY);
  } catch (error) {
    Atomics.store(fed, 1, 0n);
    parentPort.postMessage({ outcome: 'unopened' });
    return;
  }
  fs.closeSync(opened);
  const state = new Int32Array(control);
  const written = new BigInt64Array(progress);
  const buffer = Buffer.allocUnsafe(${CHUNK_BYTES});
  let position = 0;
  let outcome = 'done';
  try {
    for (;;) {
      const seen = Atomics.load(state, 0);
      const phase = Atomics.load(state, 1);
      if (phase === 2) { outcome = 'stopped'; break; }
      const available = Number(Atomics.load(written, 0)) - position;
      if (available > 0) {
        const read = fs.readSync(source, buffer, 0, Math.min(buffer.length, available), position);
        if (read === 0) throw new Error('The spool file is shorter than the bytes written to it');
        for (let offset = 0; offset < read; ) offset += fs.writeSync(pipe, buffer, offset, read - offset);
        position += read;
        Atomics.store(fed, 0, BigInt(position));
        continue;
      }
      if (phase === 1) break;
      Atomics.wait(state, 0, seen, ${WAIT_MS});
    }
  } catch (error) {
    Atomics.store(fed, 1, 0n);
    if (!error || error.code !== 'EPIPE') {
      fs.closeSync(source);
      parentPort.postMessage({ outcome: 'error', pipe, message: String(error && error.message) });
      return;
    }
    outcome = 'closed';
  }
  Atomics.store(fed, 1, 0n);
  fs.closeSync(source);
  fs.closeSync(pipe);
  parentPort.postMessage({ outcome });
});
`;

/** How far one pipe's reader has been fed, while its feed runs. */
export interface FeedProgress {
  /** Bytes of the file written into the pipe so far (its reader has read all but a pipe buffer). */
  fed(): number;
  /** False once the feed ended: everything written, its reader gone (a bind closes early), or stopped. */
  open(): boolean;
}

/**
 * Feeds the pipes of one arriving file from threads of their own (docs/decisions/0050): a reader
 * and a blocking writer hand bytes over in the kernel, where the main thread's event loop, busy
 * with the download, would move one pipe buffer per turn. Threads are reused from one pipe to the
 * next; none keeps the process alive.
 */
export class PipeFeeder {
  private readonly control = new SharedArrayBuffer(8);
  private readonly progress = new SharedArrayBuffer(8);
  private readonly state = new Int32Array(this.control);
  private readonly written = new BigInt64Array(this.progress);
  private readonly idle: Worker[] = [];
  private stopped = false;

  /** Starts one thread ahead, so the first pipe does not wait for it. */
  warm(): void {
    if (this.idle.length === 0) this.idle.push(this.spawn());
  }

  /** Bytes of the spool file on disk, all readable. */
  setWritten(bytes: number): void {
    Atomics.store(this.written, 0, BigInt(bytes));
    this.bump();
  }

  /** The whole file is on disk: each pipe ends once it has all of it. */
  complete(): void {
    Atomics.store(this.state, 1, 1);
    this.bump();
  }

  /** Every pipe is closed where it stands (after the file failed, or when the session is over). */
  stop(): void {
    this.stopped = true;
    Atomics.store(this.state, 1, 2);
    this.bump();
    for (const worker of this.idle.splice(0)) void worker.terminate();
  }

  /**
   * Feeds the pipe whose (non-blocking) write end is `opened` from the spool file `source`; the
   * feeder reopens it blocking and closes both. `onFailure` runs before the pipe is closed when
   * feeding fails for any reason but its reader closing early; `onUnopened` (with `opened` still
   * open, `source` too) when this system cannot reopen a pipe by its descriptor.
   */
  feed(
    opened: number,
    source: number,
    onFailure: (error: Error) => void,
    onUnopened: () => void,
  ): FeedProgress {
    // Slot 0: bytes fed; slot 1: 1 while the feed runs.
    const feed = new SharedArrayBuffer(16);
    const fed = new BigInt64Array(feed);
    Atomics.store(fed, 1, 1n);
    const worker = this.idle.pop() ?? this.spawn();
    const onError = (error: Error): void => onFailure(error);
    worker.once('error', onError);
    worker.once('message', (message: { outcome: string; pipe?: number; message?: string }) => {
      worker.off('error', onError);
      if (message.outcome === 'unopened') onUnopened();
      if (message.outcome === 'error') {
        onFailure(new Error(message.message));
        if (message.pipe !== undefined) fs.closeSync(message.pipe);
      }
      if (this.stopped) void worker.terminate();
      else this.idle.push(worker);
    });
    worker.postMessage({ opened, source, control: this.control, progress: this.progress, feed });
    return {
      fed: () => Number(Atomics.load(fed, 0)),
      open: () => Atomics.load(fed, 1) === 1n,
    };
  }

  private bump(): void {
    Atomics.add(this.state, 0, 1);
    Atomics.notify(this.state, 0);
  }

  private spawn(): Worker {
    // The descriptors a feeder closes are the main thread's, and the pipe it leaves open on a
    // failure is closed there: untracked, so the thread's exit never closes a reused number.
    const worker = new Worker(FEEDER_SOURCE, { eval: true, trackUnmanagedFds: false });
    worker.unref();
    // A thread that dies fails its pipe's file (see `feed`); an idle one only goes.
    worker.on('error', () => undefined);
    return worker;
  }
}
