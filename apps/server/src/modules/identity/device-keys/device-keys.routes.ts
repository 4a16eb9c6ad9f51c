import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { DeviceKeysService } from './device-keys.service';
import { signInQrCode } from './sign-in-qr';
import { say } from '../../../lib/say';

/** The Reader's Area's "Apps and devices" (issue 19 §1): a reader's keys for reading apps. */
export async function deviceKeysRoutes(
  app: FastifyInstance,
  { deviceKeys, publicUrl }: { deviceKeys: DeviceKeysService; publicUrl: string },
) {
  endpoint(app, 'deviceKeys', {
    handler: async (request) => ({
      success: true,
      data: await deviceKeys.list(request.user.id),
      message: await say(request, 'apiErrors.success.deviceKeysListed'),
    }),
  });

  endpoint(app, 'deviceKeyCreate', {
    handler: async (request, reply) => {
      reply.code(201);
      const made = await deviceKeys.create(request.user.id, request.body);
      return {
        success: true,
        data: { ...made, qrCode: await signInQrCode(publicUrl, request.user.username, made.key) },
        message: await say(request, 'apiErrors.success.deviceKeyMade'),
      };
    },
  });

  endpoint(app, 'deviceKeyRevoke', {
    handler: async (request) => {
      await deviceKeys.revoke(request.user.id, request.params.id);
      return { success: true, message: await say(request, 'apiErrors.success.deviceKeyRevoked') };
    },
  });
}
