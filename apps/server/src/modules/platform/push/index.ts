export { createPushService, type PushService } from './push.service';
export { pushRoutes } from './push.routes';
export { pushForExport } from './queries/account-export';
export { erasePushOf } from './commands/account-erasure';
