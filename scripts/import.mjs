// npm run import -- <folder> [--dry-run] [--publish]: a folder of series imported from the shell (see the README).
import { ensureBuilt } from './build-if-needed.mjs';

ensureBuilt();
await import('../apps/server/dist/cli-import.js');
