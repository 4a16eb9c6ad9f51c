import type { bannerInputSchema, bannerPatchSchema, TeamBanner } from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { BANNER_MAX_WIDTH, type ImageStore } from '../../platform/media';
import { toTeamBanner } from './banners.presenter';
import { deleteBanner, findBanner, listBanners, updateBanner } from './banners.repository';
import { insertBanner } from './commands/banners';
import type { EventPublisher } from '../../../lib/domain-events';

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

/** The home page's banners, for the team. */
export function createBannersService({ db, images, events }: { db: Database; images: ImageStore; events: EventPublisher }) {
  async function requireBanner(id: string) {
    const row = await findBanner(db, id);
    if (!row) throw new AppError('not_found', 'apiErrors.catalogue.bannerNotFound');
    return row;
  }

  return {
    async listBanners(): Promise<TeamBanner[]> {
      return (await listBanners(db)).map(toTeamBanner);
    },

    async createBanner(input: z.output<typeof bannerInputSchema>): Promise<TeamBanner> {
      const row = await insertBanner(db, { ...input, startsAt: toDate(input.startsAt), endsAt: toDate(input.endsAt) });
      events.publish({ type: 'banners.changed' });
      return toTeamBanner(row);
    },

    async updateBanner(id: string, patch: z.output<typeof bannerPatchSchema>): Promise<TeamBanner> {
      const current = await requireBanner(id);
      const startsAt = patch.startsAt === undefined ? current.startsAt : toDate(patch.startsAt);
      const endsAt = patch.endsAt === undefined ? current.endsAt : toDate(patch.endsAt);
      if (startsAt && endsAt && startsAt >= endsAt) {
        throw new AppError('validation_failed', 'apiErrors.catalogue.endBeforeStart', {
          fields: { endsAt: 'apiErrors.catalogue.endBeforeStart' },
        });
      }
      const row = await updateBanner(db, id, { ...patch, startsAt, endsAt });
      if (!row) throw new AppError('not_found', 'apiErrors.catalogue.bannerNotFound');
      events.publish({ type: 'banners.changed' });
      return toTeamBanner(row);
    },

    async setBannerImage(id: string, bytes: Buffer): Promise<TeamBanner> {
      const current = await requireBanner(id);
      const [image] = await images.processAndStore(`banners/${id}`, bytes, { maxWidth: BANNER_MAX_WIDTH }, 'banner');
      if (!image) throw new AppError('validation_failed', 'apiErrors.catalogue.bannerImageUnreadable');
      const row = await updateBanner(db, id, { imageKey: image.key, imageWidth: image.width, imageHeight: image.height });
      if (!row) {
        await images.forget([image.key]);
        throw new AppError('not_found', 'apiErrors.catalogue.bannerNotFound');
      }
      events.publish({ type: 'banners.changed' });
      await images.forget([current.imageKey]);
      return toTeamBanner(row);
    },

    async deleteBanner(id: string) {
      const row = await deleteBanner(db, id);
      if (!row) throw new AppError('not_found', 'apiErrors.catalogue.bannerNotFound');
      events.publish({ type: 'banners.changed' });
      await images.forget([row.imageKey]);
    },
  };
}
export type BannersService = ReturnType<typeof createBannersService>;
