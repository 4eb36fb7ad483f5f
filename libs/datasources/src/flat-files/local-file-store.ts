import * as fs from 'node:fs';
import * as path from 'node:path';
import { DatasourceErrorClass } from '@dq/contracts';
import { type CallOptions, DatasourceError, type FileEntry } from '../adapter/datasource-adapter';
import { type RemoteFileStore } from './remote-file-store';

function classifyFsError(error: unknown): DatasourceError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR')
    return new DatasourceError(DatasourceErrorClass.NotFound, 'The file does not exist');
  if (code === 'EACCES' || code === 'EPERM')
    return new DatasourceError(DatasourceErrorClass.Permission, 'The file may not be read');
  return new DatasourceError(DatasourceErrorClass.Unreachable, 'The file could not be read', {
    cause: error,
  });
}

function entryOf(relativePath: string, stats: fs.Stats): FileEntry {
  return { path: relativePath, size: stats.size, last_modified_at: stats.mtime.toISOString() };
}

/**
 * A `RemoteFileStore` over a local directory (tests, the read benchmark's baseline). Paths are
 * relative to the root with `/` separators; nothing outside the root is reachable, symbolic links
 * included.
 */
export class LocalFileStore implements RemoteFileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = fs.realpathSync(root);
  }

  async list(prefix: string, options: CallOptions): Promise<FileEntry[]> {
    options.signal?.throwIfAborted();
    // Walk only the directory the prefix points into, not the whole root.
    const slash = prefix.lastIndexOf('/');
    const start = slash < 0 ? '' : prefix.slice(0, slash);
    const entries: FileEntry[] = [];
    const walk = async (relativeDir: string): Promise<void> => {
      const absoluteDir = await this.resolve(relativeDir);
      let children: fs.Dirent[];
      try {
        children = await fs.promises.readdir(absoluteDir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw classifyFsError(error);
      }
      for (const child of children) {
        const relative = relativeDir ? `${relativeDir}/${child.name}` : child.name;
        if (child.isDirectory()) {
          if (prefix.startsWith(`${relative}/`) || relative.startsWith(prefix)) await walk(relative);
        } else if (child.isFile() && relative.startsWith(prefix)) {
          entries.push(entryOf(relative, await fs.promises.stat(path.join(absoluteDir, child.name))));
        }
      }
    };
    await walk(start);
    return entries;
  }

  async stat(filePath: string, options: CallOptions): Promise<FileEntry> {
    options.signal?.throwIfAborted();
    try {
      const stats = await fs.promises.stat(await this.resolve(filePath));
      if (!stats.isFile())
        throw new DatasourceError(DatasourceErrorClass.NotFound, 'The file does not exist');
      return entryOf(filePath, stats);
    } catch (error) {
      throw error instanceof DatasourceError ? error : classifyFsError(error);
    }
  }

  async readRange(filePath: string, start: number, end: number, options: CallOptions): Promise<Uint8Array> {
    options.signal?.throwIfAborted();
    let handle: fs.promises.FileHandle | undefined;
    try {
      handle = await fs.promises.open(await this.resolve(filePath), 'r');
      const size = (await handle.stat()).size;
      const length = Math.max(0, Math.min(end, size) - start);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, start);
      return buffer.subarray(0, bytesRead);
    } catch (error) {
      throw error instanceof DatasourceError ? error : classifyFsError(error);
    } finally {
      await handle?.close();
    }
  }

  async openStream(filePath: string, options: CallOptions): Promise<NodeJS.ReadableStream> {
    options.signal?.throwIfAborted();
    const absolute = await this.resolve(filePath);
    try {
      await fs.promises.access(absolute, fs.constants.R_OK);
    } catch (error) {
      throw classifyFsError(error);
    }
    return fs.createReadStream(absolute, { signal: options.signal });
  }

  /** The absolute path of a store path, refused when it (or a link in it) leaves the root. */
  /** A hard link instead of a copy (same filesystem only): a local file is not downloaded twice. */
  async linkTo(filePath: string, destination: string): Promise<boolean> {
    try {
      await fs.promises.link(await this.resolve(filePath), destination);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      if (code === 'EXDEV' || code === 'EPERM' || code === 'EMLINK') return false;
      throw classifyFsError(error);
    }
  }

  private async resolve(relative: string): Promise<string> {
    if (relative.startsWith('/') || relative.includes('\\') || relative.split('/').includes('..'))
      throw new DatasourceError(DatasourceErrorClass.Invalid, 'The path is outside the store');
    const absolute = path.resolve(this.root, relative);
    let real = absolute;
    try {
      real = await fs.promises.realpath(absolute);
    } catch {
      // A path that does not exist yet cannot escape through a link; the caller reports it missing.
    }
    if (real !== this.root && !real.startsWith(`${this.root}${path.sep}`))
      throw new DatasourceError(DatasourceErrorClass.Invalid, 'The path is outside the store');
    return absolute;
  }
}
