// The read side of imports (issue 37 §1): from a folder, a .zip of one or a single chapter file to an ImportPlan.
export { readImportPlan } from './plan-reader';
export { readImportSource } from './sources';
export { fileTree, folderTree, zipTree } from './source-tree';
