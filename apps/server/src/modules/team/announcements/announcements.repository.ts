import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnnouncementState } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { announcements } from '../../../db/schema';
import { at, escapeLike } from '../../../db/sql';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncement = typeof announcements.$inferInsert;
/** A row without its body, for lists. */
export type AnnouncementSummaryRow = Omit<AnnouncementRow, 'body'>;

const summaryColumns = {
  id: announcements.id,
  slug: announcements.slug,
  title: announcements.title,
  excerpt: announcements.excerpt,
  coverKey: announcements.coverKey,
  coverWidth: announcements.coverWidth,
  coverHeight: announcements.coverHeight,
  publishedAt: announcements.publishedAt,
  pinned: announcements.pinned,
  authorId: announcements.authorId,
  createdAt: announcements.createdAt,
  updatedAt: announcements.updatedAt,
};

/** Visible to everyone: published at or before `now` (visibility is decided at read time, like chapters). */
const visible = (now: Date) => sql`${announcements.publishedAt} <= ${at(now)}`;

/** The public list: published only, pinned first, then newest. */
export async function listPublished(db: Database, now: Date, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(announcements)
      .where(visible(now))
      .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(announcements)
      .where(visible(now)),
  ]);
  return { rows: rows satisfies AnnouncementSummaryRow[], total: count?.total ?? 0 };
}

export async function findPublishedBySlug(db: Database, slug: string, now: Date): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.slug, slug), visible(now)));
  return row;
}

function stateWhere(state: AnnouncementState | undefined, now: Date): SQL | undefined {
  if (state === 'draft') return sql`${announcements.publishedAt} is null`;
  if (state === 'scheduled') return sql`${announcements.publishedAt} > ${at(now)}`;
  if (state === 'published') return visible(now);
  return undefined;
}

/** The team's list: every state, newest change first, searched by title or slug. */
export async function listForTeam(
  db: Database,
  { q, state, page, perPage, now }: { q?: string; state?: AnnouncementState; page: number; perPage: number; now: Date },
) {
  const where = and(
    q ? or(sql`${announcements.title} ilike ${`%${escapeLike(q)}%`}`, eq(announcements.slug, q.toLowerCase())) : undefined,
    stateWhere(state, now),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.updatedAt), desc(announcements.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(announcements)
      .where(where),
  ]);
  return { rows: rows satisfies AnnouncementSummaryRow[], total: count?.total ?? 0 };
}

export async function findAnnouncement(db: Database, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

/** Slugs equal to `base` or `base-…`, other than the given announcement's own. */
export async function announcementSlugsLike(db: Database, base: string, exceptId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: announcements.slug })
    .from(announcements)
    .where(
      and(
        or(eq(announcements.slug, base), sql`${announcements.slug} like ${`${escapeLike(base)}-%`}`),
        exceptId ? ne(announcements.id, exceptId) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.slug));
}

export async function insertAnnouncement(db: Database, values: NewAnnouncement): Promise<AnnouncementRow> {
  const [row] = await db.insert(announcements).values(values).returning();
  if (!row) throw new Error('insert into announcements returned nothing');
  return row;
}

export async function updateAnnouncement(
  db: Database,
  id: string,
  values: Partial<NewAnnouncement>,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db.update(announcements).set(values).where(eq(announcements.id, id)).returning();
  return row;
}

export async function deleteAnnouncement(db: Database, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
  return row;
}
