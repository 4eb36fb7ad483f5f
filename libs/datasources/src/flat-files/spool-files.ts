import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type CallOptions, type FileEntry } from '../adapter/datasource-adapter';
import { type RemoteFileStore } from './remote-file-store';

/**
 * Files fetched at once: enough to hide per-request latency on a batch of many small files, few
 * enough for disk and sockets (docs/decisions/0051).
 */
export const PARALLEL_DOWNLOADS = 8;

/**
 * Streams each file of the store into `directory` (`0000.<ext>`, `0001.<ext>`... in the given
 * order) and returns the local paths. Bytes go from the store's stream to disk; nothing holds a
 * whole file in memory. `options.signal` aborts the downloads; so does the first failed one, and
 * this returns only once every download has stopped, so the caller can remove the directory.
 */
export async function spoolFiles(
  store: RemoteFileStore,
  files: readonly FileEntry[],
  directory: string,
  options: CallOptions,
): Promise<string[]> {
  const localPaths = files.map((file, index) => {
    const extension = path.extname(file.path).toLowerCase();
    return path.join(directory, `${String(index).padStart(4, '0')}${extension}`);
  });
  const failed = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal;
  const call = { ...options, signal };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length && !signal.aborted) {
      const index = next++;
      const file = files[index];
      const localPath = localPaths[index];
      if (!file || !localPath) return;
      if (store.linkTo && (await store.linkTo(file.path, localPath))) continue;
      const source = await store.openStream(file.path, call);
      await pipeline(source, fs.createWriteStream(localPath, { flags: 'wx' }), { signal });
    }
  };
  // The first failure is the one to report: the others are downloads it aborted.
  let firstFailure: { error: unknown } | undefined;
  const workers = Array.from({ length: Math.min(PARALLEL_DOWNLOADS, files.length) }, () =>
    worker().catch((error: unknown) => {
      firstFailure ??= { error };
      failed.abort();
    }),
  );
  await Promise.all(workers);
  if (firstFailure) throw firstFailure.error;
  options.signal?.throwIfAborted();
  return localPaths;
}
