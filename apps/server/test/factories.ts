import {
  bannerInputSchema,
  chapterInputSchema,
  chapterPatchSchema,
  seriesInputSchema,
  type ChapterInput,
  type Role,
  type SeriesInput,
  type TeamChapter,
  type TeamSeries,
} from '@inkwell/contract';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../src/db/client';
import { chapters } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { hasReadableText, refreshLastChapterAt } from '../src/modules/catalogue/chapters';
import { insertUser, setUserBanned } from '../src/modules/identity/users/commands/account';
import type { UserRow } from '../src/modules/identity/users';
import { png } from './fixtures';
import { loginAs, TEST_PASSWORD, type TestContext } from './helpers';

let sequence = 0;
const next = () => `${(sequence += 1)}-${Math.random().toString(36).slice(2, 7)}`;

/**
 * The team's services as an editor would use them, fed what the forms send (the contract fills
 * in the defaults, as the routes do). For tests that set the scene without going through HTTP.
 */
export function teamOf(t: TestContext) {
  const { series, chapters, genres, banners } = t.app.services;
  return {
    createGenre: (name: string) => genres.createGenre(name),
    createSeries: (input: SeriesInput) => series.createSeries(seriesInputSchema.parse(input)),
    setCover: (id: string, bytes: Buffer) => series.setCover(id, bytes),
    createChapter: (seriesId: string, input: ChapterInput) => chapters.createChapter(seriesId, chapterInputSchema.parse(input)),
    updateChapter: (chapterId: string, patch: z.input<typeof chapterPatchSchema>) =>
      chapters.updateChapter(chapterId, chapterPatchSchema.parse(patch)),
    addPages: async (chapterId: string, files: { name: string; bytes: Buffer }[]) =>
      (
        await chapters.addPages(
          chapterId,
          files.map((file) => ({ name: file.name, read: async () => file.bytes })),
        )
      ).chapter,
    createBanner: (input: z.input<typeof bannerInputSchema>) => banners.createBanner(bannerInputSchema.parse(input)),
    setBannerImage: (id: string, bytes: Buffer) => banners.setBannerImage(id, bytes),
  };
}

let usersMade = 0;

/** Factory: a user straight in the database. */
export async function buildUser(
  db: Database,
  overrides: { role?: Role; password?: string; isBanned?: boolean; username?: string; email?: string } = {},
): Promise<UserRow & { password: string }> {
  usersMade += 1;
  const tag = `${usersMade}_${randomBytes(3).toString('hex')}`;
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await insertUser(db, {
    email: overrides.email ?? `reader${tag}@example.com`,
    username: overrides.username ?? `reader_${tag}`,
    passwordHash: await hashPassword(password),
    role: overrides.role ?? 'reader',
  });
  if (overrides.isBanned) await setUserBanned(db, user.id, true);
  return { ...user, isBanned: overrides.isBanned ?? false, password };
}

/** Factory: a user (a reader unless said) signed in through the real endpoint, with the session's cookie. */
export async function signedInUser(t: Pick<TestContext, 'app' | 'db'>, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, overrides);
  return { user, cookie: await loginAs(t.app, user) };
}

/** Factory: a series with a unique title (published unless said), optionally with a cover. */
export async function buildSeries(
  t: TestContext,
  overrides: Partial<SeriesInput> & { withCover?: boolean } = {},
): Promise<TeamSeries> {
  const { withCover, ...input } = overrides;
  const team = teamOf(t);
  const created = await team.createSeries({ type: 'comic', title: `Series ${next()}`, isPublished: true, ...input });
  return withCover ? team.setCover(created.id, await png(300, 450)) : created;
}

/**
 * Factory: a chapter of a series, published a day ago unless said, with `pages` drawn pages
 * (comics) or a paragraph of text (novels).
 */
export async function buildChapter(
  t: TestContext,
  seriesId: string,
  overrides: Partial<ChapterInput> & { pages?: number } = {},
): Promise<TeamChapter> {
  const { pages = 0, publishedAt = new Date(t.clock.now().getTime() - 86_400_000).toISOString(), ...input } = overrides;
  const team = teamOf(t);
  // As an editor does it (issue 33 §5): a draft first, then its pages, then out.
  const draft = await team.createChapter(seriesId, {
    number: Math.floor(Math.random() * 90_000) + 1,
    // No paywall preview unless said, so a locked chapter shows nothing of itself.
    previewPages: 0,
    previewPercent: 0,
    ...input,
    publishedAt: null,
  });
  const files = await Promise.all(
    Array.from({ length: pages }, async (_, i) => ({ name: `${i + 1}.png`, bytes: await png(100, 150 + i) })),
  );
  const filled = pages === 0 ? draft : await team.addPages(draft.id, files);
  if (publishedAt === null) return filled;
  if (filled.pages.length > 0 || hasReadableText(filled.content)) return team.updateChapter(filled.id, { publishedAt });
  // An empty chapter that is out, as chapters from before that rule may be: written past the rule, released as any is.
  await t.db
    .update(chapters)
    .set({ publishedAt: new Date(publishedAt) })
    .where(eq(chapters.id, filled.id));
  await t.app.services.publishing.publishDue();
  await refreshLastChapterAt(t.db, [seriesId], t.clock.now());
  return t.app.services.chapters.getChapter(filled.id);
}
