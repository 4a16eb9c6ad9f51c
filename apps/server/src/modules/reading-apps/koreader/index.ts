export { koreaderRoutes } from './koreader.routes';
export { createKoreaderService } from './koreader.service';
