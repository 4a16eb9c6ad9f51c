import type { TeamBanner } from '@inkwell/contract';
import type { bannerInputSchema, bannerPatchSchema } from '@inkwell/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { banners, genres } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { BANNER_MAX_WIDTH, processImage } from '../media/images';
import { toGenre, toImage } from './catalogue.presenter';
import { conflictOnDuplicate, slugify, type ImageStore, type TeamDeps } from './team-shared';

/** Genres and the home page's banners, for the team. */
export function createTeamGenresAndBanners({ db, onChange }: TeamDeps, { store, forget }: ImageStore) {
  return {
    async listGenres() {
      return (await db.select().from(genres).orderBy(asc(genres.name))).map(toGenre);
    },

    async createGenre(name: string) {
      try {
        const [row] = await db
          .insert(genres)
          .values({ name, slug: slugify(name) })
          .returning();
        onChange();
        return toGenre(row!);
      } catch (error) {
        throw conflictOnDuplicate(error, 'name', 'This genre already exists');
      }
    },

    async renameGenre(id: string, name: string) {
      try {
        const [row] = await db
          .update(genres)
          .set({ name, slug: slugify(name) })
          .where(eq(genres.id, id))
          .returning();
        if (!row) throw new AppError('not_found', 'Genre not found');
        onChange();
        return toGenre(row);
      } catch (error) {
        throw conflictOnDuplicate(error, 'name', 'This genre already exists');
      }
    },

    async deleteGenre(id: string) {
      const [row] = await db.delete(genres).where(eq(genres.id, id)).returning({ id: genres.id });
      if (!row) throw new AppError('not_found', 'Genre not found');
      onChange();
    },

    async listBanners(): Promise<TeamBanner[]> {
      return (await db.select().from(banners).orderBy(asc(banners.position), desc(banners.createdAt))).map(toTeamBanner);
    },

    async createBanner(input: z.output<typeof bannerInputSchema>): Promise<TeamBanner> {
      const [row] = await db
        .insert(banners)
        .values({
          ...input,
          startsAt: input.startsAt ? new Date(input.startsAt) : null,
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
        })
        .returning();
      onChange();
      return toTeamBanner(row!);
    },

    async updateBanner(id: string, patch: z.output<typeof bannerPatchSchema>): Promise<TeamBanner> {
      const [current] = await db.select().from(banners).where(eq(banners.id, id));
      if (!current) throw new AppError('not_found', 'Banner not found');
      const startsAt = patch.startsAt === undefined ? current.startsAt : patch.startsAt ? new Date(patch.startsAt) : null;
      const endsAt = patch.endsAt === undefined ? current.endsAt : patch.endsAt ? new Date(patch.endsAt) : null;
      if (startsAt && endsAt && startsAt >= endsAt) {
        throw new AppError('validation_failed', 'The end must come after the start', {
          fields: { endsAt: 'The end must come after the start' },
        });
      }
      const [row] = await db
        .update(banners)
        .set({ ...patch, startsAt, endsAt })
        .where(eq(banners.id, id))
        .returning();
      onChange();
      return toTeamBanner(row!);
    },

    async setBannerImage(id: string, bytes: Buffer): Promise<TeamBanner> {
      const [current] = await db.select().from(banners).where(eq(banners.id, id));
      if (!current) throw new AppError('not_found', 'Banner not found');
      const [image] = await processImage(bytes, { maxWidth: BANNER_MAX_WIDTH }, 'The banner image');
      const [key] = await store(`banners/${id}`, [image!]);
      const [row] = await db
        .update(banners)
        .set({
          imageKey: key,
          imageWidth: image!.width,
          imageHeight: image!.height,
        })
        .where(eq(banners.id, id))
        .returning();
      onChange();
      await forget([current.imageKey]);
      return toTeamBanner(row!);
    },

    async deleteBanner(id: string) {
      const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
      if (!row) throw new AppError('not_found', 'Banner not found');
      onChange();
      await forget([row.imageKey]);
    },
  };
}

function toTeamBanner(row: typeof banners.$inferSelect): TeamBanner {
  return {
    id: row.id,
    title: row.title,
    link: row.link,
    position: row.position,
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    image: toImage(row.imageKey, row.imageWidth, row.imageHeight),
  };
}
