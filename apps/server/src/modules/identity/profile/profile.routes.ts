import { AVATAR_MAX_BYTES } from '@inkwell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { endpoint } from '../../../lib/endpoint';
import { toProfileData } from '../users';
import type { ProfileService } from './profile.service';
import { say } from '../../../lib/say';

/** The one image of an avatar upload, read up to AVATAR_MAX_BYTES: a bigger one is refused as such, with nothing stored. */
async function uploadedAvatar(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'apiErrors.upload.notMultipart');
  const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
  if (!part) {
    throw new AppError('validation_failed', 'apiErrors.profile.avatarChoose', {
      fields: { avatar: 'apiErrors.profile.avatarChoose' },
    });
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', 'apiErrors.profile.avatarTooLarge', {
        values: { megabytes: AVATAR_MAX_BYTES / 1024 / 1024 },
        fields: { avatar: 'apiErrors.profile.avatarTooLarge' },
      });
    }
    throw error;
  }
}

/** The reader's own profile and avatar (issue 36 §1). */
export async function profileRoutes(
  app: FastifyInstance,
  {
    profile,
    hasEarnings,
  }: {
    profile: ProfileService;
    /** Whether a user shares in some series or was ever paid a share (the profile's Earnings page). */
    hasEarnings(userId: string): Promise<boolean>;
  },
) {
  endpoint(app, 'profileUpdate', {
    handler: async (request) => {
      const user = await profile.updateProfile(request.user.id, request.body);
      return {
        success: true,
        data: toProfileData(user, { hasEarnings: await hasEarnings(user.id) }),
        message: await say(request, 'apiErrors.success.profileSaved'),
      };
    },
  });

  endpoint(app, 'avatarPut', {
    summary: 'Upload the avatar (multipart, one image up to 5 MB)',
    handler: async (request) => ({
      success: true,
      data: await profile.setAvatar(request.user.id, await uploadedAvatar(request)),
      message: await say(request, 'apiErrors.success.avatarSaved'),
    }),
  });

  endpoint(app, 'avatarDelete', {
    handler: async (request) => ({
      success: true,
      data: await profile.removeAvatar(request.user.id),
      message: await say(request, 'apiErrors.success.avatarRemoved'),
    }),
  });
}
