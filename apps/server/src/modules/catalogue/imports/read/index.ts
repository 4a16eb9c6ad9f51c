// The read side of imports (issue 37 §1): from a folder, a .zip of one or a single chapter file to an ImportPlan.
export { readImportPlan, type ReadOptions } from './plan-reader';
export { readImportSource, treeOf, type ImportSourceInput } from './sources';
export { fileTree, folderTree, zipTree, type SourceEntry, type SourceTree } from './source-tree';
