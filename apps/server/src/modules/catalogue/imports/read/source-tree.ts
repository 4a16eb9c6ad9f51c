import { lstat, open, readdir, readFile, realpath } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import type { SourceFile } from '../plan';
import { ImportReadError, type ImportFailureId } from './failures';
import { LIBRARY_CAPS, openZip } from './zip';

/** One file of what is imported, by its '/'-separated path from the tree's root. */
export interface SourceEntry extends SourceFile {
  path: string;
  /** Set when the file must not be read (a link or a name that leads out of the root): it fails alone. */
  refusal?: ImportFailureId;
}

/** What an import reads from: a folder on disk, an uploaded .zip of one, or a single chapter file. */
export interface SourceTree {
  /** The root's own name (a folder's, or a file's without its extension): a series found at the root is named after it. */
  name: string;
  list(): Promise<SourceEntry[]>;
  /** Lets go of what the tree holds open (the upload's file); its entries cannot be read after. */
  close(): Promise<void>;
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-z]:/i.test(rel));
};

/** A file on disk, read whole only when asked, and checked again then (it may have become a link since). */
function diskFile(root: string, absolute: string, path: string, size: number): SourceEntry {
  return {
    path,
    name: basename(absolute),
    size,
    read: async () => {
      const real = await realpath(absolute);
      if (!inside(root, real)) throw new ImportReadError('apiErrors.imports.unsafePath', { path });
      return readFile(real);
    },
  };
}

/**
 * A folder on disk, walked recursively. Links are followed only while they stay inside the root
 * (a link out of it is listed as refused, so it fails alone); each real folder is walked once.
 */
export function folderTree(folder: string): SourceTree {
  return {
    name: basename(folder),
    close: async () => {},
    list: async () => {
      const root = await realpath(folder);
      const entries: SourceEntry[] = [];
      const seen = new Set<string>();
      const walk = async (directory: string, prefix: string): Promise<void> => {
        if (seen.has(directory)) return;
        seen.add(directory);
        const children = await readdir(directory, { withFileTypes: true });
        for (const child of children) {
          const absolute = join(directory, child.name);
          const path = prefix ? `${prefix}/${child.name}` : child.name;
          let target = absolute;
          if (child.isSymbolicLink()) {
            const real = await realpath(absolute).catch(() => null);
            if (!real || !inside(root, real)) {
              entries.push({ path, name: child.name, size: 0, refusal: 'apiErrors.imports.unsafePath', read: refuse(path) });
              continue;
            }
            target = real;
          }
          const stats = await lstat(target);
          if (stats.isDirectory()) await walk(target, path);
          else if (stats.isFile()) entries.push(diskFile(root, target, path, stats.size));
        }
      };
      await walk(root, '');
      return entries;
    },
  };
}

const refuse = (path: string) => () => Promise.reject(new ImportReadError('apiErrors.imports.unsafePath', { path }));

/**
 * An uploaded .zip of a library, read from its file on disk (it may be a gigabyte): each member is
 * inflated when read, under the library's caps. A member whose name escapes the zip is refused.
 */
export function zipTree(file: string, name = basename(file, extname(file))): SourceTree {
  let opened: Awaited<ReturnType<typeof openZip>> | null = null;
  return {
    name,
    close: async () => {
      opened?.close();
      opened = null;
    },
    list: async () => {
      opened ??= await openZip(file, LIBRARY_CAPS, basename(file));
      return opened.members
        .filter((member) => !member.name.endsWith('/'))
        .map((member) => ({
          path: member.name,
          name: member.name.split('/').pop() ?? member.name,
          size: member.size,
          read: member.unsafe ? refuse(member.name) : member.read,
          ...(member.unsafe ? { refusal: 'apiErrors.imports.unsafePath' as const } : {}),
        }));
    },
  };
}

/**
 * One .cbz or .epub meant for an existing series (the Import page's single file): a tree whose root
 * holds that one chapter file. `name` is the file's name as uploaded (the file on disk may be a temporary one).
 */
export function fileTree(file: string, name = basename(file)): SourceTree {
  return {
    name: basename(name, extname(name)),
    close: async () => {},
    list: async () => {
      const handle = await open(file, 'r');
      const { size } = await handle.stat().finally(() => handle.close());
      return [{ path: name, name, size, read: () => readFile(file) }];
    },
  };
}
