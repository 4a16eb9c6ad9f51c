import { AVATAR_MAX_BYTES, AVATAR_MIN_SIDE, AVATAR_SIZES } from '@inkwell/contract';
import { AppError, type ApiErrorId } from '../../../lib/app-error';
import { encodeSquares, readImageHeader } from '../../platform/media';

/** The media pipeline's refusals, said of an avatar (apiErrors.profile.json), with what the reader can do about each. */
const AVATAR_REASONS: Record<string, ApiErrorId> = {
  'apiErrors.platform.imageTooLarge': 'apiErrors.profile.avatarTooLarge',
  'apiErrors.platform.notAnImage': 'apiErrors.profile.avatarNotAnImage',
  'apiErrors.platform.imageUnreadable': 'apiErrors.profile.avatarUnreadable',
  'apiErrors.platform.tooManyPixels': 'apiErrors.profile.avatarTooManyPixels',
};

const avatarError = (error: unknown): unknown => {
  if (!(error instanceof AppError)) return error;
  const reason = AVATAR_REASONS[error.reason];
  if (!reason) return error;
  return new AppError(error.code, reason, {
    values: { megabytes: AVATAR_MAX_BYTES / 1024 / 1024, ...error.values },
    fields: { avatar: reason },
  });
};

/**
 * An avatar upload as the covers' pipeline checks every image (its bytes, its real type, a header
 * that reads, its pixels), at most AVATAR_MAX_BYTES and at least AVATAR_MIN_SIDE on its shorter
 * side, turned upright and cut to centred squares of both AVATAR_SIZES, re-encoded to WebP (no EXIF,
 * no metadata). Answers the large square, then the small one; throws before anything is stored.
 */
export async function processAvatar(bytes: Buffer): Promise<{ large: Buffer; small: Buffer }> {
  if (bytes.length === 0) {
    throw new AppError('validation_failed', 'apiErrors.profile.avatarEmpty', {
      fields: { avatar: 'apiErrors.profile.avatarEmpty' },
    });
  }
  try {
    const header = await readImageHeader(bytes, 'image', AVATAR_MAX_BYTES);
    if (Math.min(header.width, header.height) < AVATAR_MIN_SIDE) {
      throw new AppError('validation_failed', 'apiErrors.profile.avatarTooSmall', {
        values: { min: AVATAR_MIN_SIDE, width: header.width, height: header.height },
        fields: { avatar: 'apiErrors.profile.avatarTooSmall' },
      });
    }
    const [large, small] = await encodeSquares(bytes, [AVATAR_SIZES.large, AVATAR_SIZES.small]);
    return { large: large!.data, small: small!.data };
  } catch (error) {
    throw avatarError(error);
  }
}
