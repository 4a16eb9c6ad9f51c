import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { PushService } from './push.service';

/** Issue 21 §4: the VAPID key for the browser, and a reader's browsers that allow push. */
export async function pushRoutes(app: FastifyInstance, { push }: { push: PushService }) {
  endpoint(app, 'pushVapidKey', {
    handler: async () => ({ success: true, data: { publicKey: await push.publicKey() } }),
  });
  endpoint(app, 'pushSubscribe', {
    summary: "Allow push on this browser: the body is the browser's PushSubscription.toJSON()",
    handler: async (request) => {
      await push.subscribe(request.user.id, request.body);
      return { success: true, data: { endpoint: request.body.endpoint, subscribed: true } };
    },
  });
  endpoint(app, 'pushUnsubscribe', {
    handler: async (request) => {
      await push.unsubscribe(request.user.id, request.body.endpoint);
      return { success: true, data: { endpoint: request.body.endpoint, subscribed: false } };
    },
  });
}
