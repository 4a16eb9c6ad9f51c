export { koreaderRoutes } from './koreader.routes';
export { createKoreaderService } from './koreader.service';
export { eraseKoreaderPositionsOf } from './commands/account-erasure';
