export { KOREADER_ROOT, koreaderRoutes } from './koreader.routes';
export { createKoreaderService, type KoreaderService } from './koreader.service';
