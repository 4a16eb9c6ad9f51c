// npm run user -- …: create accounts and set passwords from the shell (see the README).
import { ensureBuilt } from './build-if-needed.mjs';

ensureBuilt();
await import('../apps/server/dist/cli.js');
