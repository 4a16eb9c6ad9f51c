// npm start: build what is not built, then run the whole product (API, SPA, media) on one port.
import { ensureBuilt } from './build-if-needed.mjs';

ensureBuilt();
await import('../apps/server/dist/main.js');
