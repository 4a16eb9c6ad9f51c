import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { DeviceKeysService } from './device-keys.service';

/** The Reader's Area's "Apps and devices" (issue 19 §1): a reader's keys for reading apps. */
export async function deviceKeysRoutes(app: FastifyInstance, { deviceKeys }: { deviceKeys: DeviceKeysService }) {
  endpoint(app, 'deviceKeys', {
    handler: async (request) => ({ success: true, data: await deviceKeys.list(request.user.id), message: 'Your device keys' }),
  });

  endpoint(app, 'deviceKeyCreate', {
    handler: async (request, reply) => {
      reply.code(201);
      return {
        success: true,
        data: await deviceKeys.create(request.user.id, request.body),
        message: 'Key made. Copy it now: it is shown only this once.',
      };
    },
  });

  endpoint(app, 'deviceKeyRevoke', {
    handler: async (request) => {
      await deviceKeys.revoke(request.user.id, request.params.id);
      return { success: true, message: 'Key revoked: apps using it are signed out.' };
    },
  });
}
