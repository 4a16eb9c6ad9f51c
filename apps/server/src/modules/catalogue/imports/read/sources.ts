import type { ImportPlan } from '../plan';
import { readImportPlan, type ReadOptions } from './plan-reader';
import { fileTree, folderTree, zipTree, type SourceTree } from './source-tree';

/** What an import reads: a folder on disk (the shell), an uploaded .zip of one, or one chapter file into a series. */
export type ImportSourceInput =
  | { kind: 'folder'; path: string }
  | { kind: 'zip'; file: string; name: string }
  | { kind: 'file'; file: string; name: string; series: { title: string; type: 'comic' | 'novel' } };

/** The tree of a source: an uploaded .zip is named after its upload's name, a single file keeps its own. */
function treeOf(source: ImportSourceInput): SourceTree {
  if (source.kind === 'folder') return folderTree(source.path);
  if (source.kind === 'zip') return zipTree(source.file, source.name.replace(/\.zip$/i, ''));
  return fileTree(source.file, source.name);
}

/**
 * Reads a source into its plan; `close` lets go of the files once the plan's pages are written
 * (until then they are read from the source, lazily).
 */
export async function readImportSource(
  source: ImportSourceInput,
  options: Omit<ReadOptions, 'series'> = {},
): Promise<{ plan: ImportPlan; close(): Promise<void> }> {
  const tree = treeOf(source);
  try {
    const plan = await readImportPlan(tree, { ...options, ...(source.kind === 'file' ? { series: source.series } : {}) });
    return { plan, close: () => tree.close() };
  } catch (error) {
    await tree.close();
    throw error;
  }
}
