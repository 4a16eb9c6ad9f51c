export { createPushService, type PushService } from './push.service';
export { pushRoutes } from './push.routes';
