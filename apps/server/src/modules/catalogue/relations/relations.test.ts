import type { TeamRelation } from '@inkwell/contract';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, seriesChapterMaps, seriesRelations } from '../../../db/schema';
import { buildChapter, buildSeries, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, type TestContext } from '../../../../test/helpers';

// Issue 39 §5: relations between series, kept both ways in one transaction with their chapter map,
// edited by those who may edit both series, and shown to readers who may see the related series.

let t: TestContext;
let admin: { cookie: string };
let editor: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  editor = await signedInUser(t, { role: 'editor' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Signed = Awaited<ReturnType<typeof signedInUser>>;

async function onTeam(seriesId: string, role: 'creator' | 'translator', member?: Signed): Promise<Signed> {
  const user = member ?? (await signedInUser(t));
  const added = await callEndpoint(t, 'adminSeriesMemberPut', {
    cookie: admin.cookie,
    params: { id: seriesId },
    body: { username: user.user.username, role, canPublish: false },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return user;
}

/** A comic of three chapters and the novel it adapts, of four. */
async function comicAndNovel(options: { novel?: Parameters<typeof buildSeries>[1] } = {}) {
  const comic = await buildSeries(t, { type: 'comic', title: `Lantern Comic ${Math.random()}` });
  const novel = await buildSeries(t, { type: 'novel', title: `Lantern Novel ${Math.random()}`, ...options.novel });
  const comicChapters = [];
  for (const number of [1, 2, 3]) comicChapters.push(await buildChapter(t, comic.id, { number, pages: 1 }));
  const novelChapters = [];
  for (const number of [1, 2, 3, 4])
    novelChapters.push(await buildChapter(t, novel.id, { number, content: `<p>Part ${number}.</p>` }));
  return { comic, novel, comicChapters, novelChapters };
}

/** Everything stored about the relation between two series, both ways. */
async function stored(a: string, b: string) {
  const relations = await t.db
    .select({ seriesId: seriesRelations.seriesId, relatedSeriesId: seriesRelations.relatedSeriesId, kind: seriesRelations.kind })
    .from(seriesRelations)
    .where(inArray(seriesRelations.seriesId, [a, b]))
    .orderBy(seriesRelations.kind);
  const maps = await t.db
    .select()
    .from(seriesChapterMaps)
    .where(or(eq(seriesChapterMaps.relatedSeriesId, a), eq(seriesChapterMaps.relatedSeriesId, b)))
    .orderBy(seriesChapterMaps.chapterId);
  return { relations, maps };
}

const put = (cookie: string, id: string, relatedId: string, body: unknown) =>
  callEndpoint(t, 'teamSeriesRelationPut', { cookie, params: { id, relatedId }, body });

describe('relations between series', () => {
  it('are kept both ways with their chapter map, changed and removed together', async () => {
    const { comic, novel, comicChapters, novelChapters } = await comicAndNovel();
    const map = [
      { chapterId: comicChapters[0]!.id, relatedChapterId: novelChapters[1]!.id },
      { chapterId: comicChapters[1]!.id, relatedChapterId: novelChapters[2]!.id },
    ];
    const saved = await put(editor.cookie, comic.id, novel.id, { kind: 'source', chapterMap: map });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ kind: 'source', series: { id: novel.id, type: 'novel' }, chapterMap: map });

    const fromNovel = await callEndpoint(t, 'teamSeriesRelations', { cookie: editor.cookie, params: { id: novel.id } });
    expect(fromNovel.body.data.items).toEqual([
      {
        kind: 'adaptation',
        series: { id: comic.id, slug: comic.slug, title: comic.title, type: 'comic', isPublished: true },
        chapterMap: map.map((pair) => ({ chapterId: pair.relatedChapterId, relatedChapterId: pair.chapterId })),
      } satisfies TeamRelation,
    ]);
    expect((await stored(comic.id, novel.id)).maps).toHaveLength(4);

    // Changed from the other side: one relation still, the other kind both ways, the old map gone.
    const changed = await put(editor.cookie, novel.id, comic.id, { kind: 'prequel' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await stored(comic.id, novel.id);
    expect(after.relations).toEqual([
      { seriesId: novel.id, relatedSeriesId: comic.id, kind: 'prequel' },
      { seriesId: comic.id, relatedSeriesId: novel.id, kind: 'sequel' },
    ]);
    expect(after.maps).toEqual([]);

    const removed = await callEndpoint(t, 'teamSeriesRelationDelete', {
      cookie: editor.cookie,
      params: { id: comic.id, relatedId: novel.id },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: true });
    expect(await stored(comic.id, novel.id)).toEqual({ relations: [], maps: [] });
  });

  it('removes the map both ways with the relation', async () => {
    const { comic, novel, comicChapters, novelChapters } = await comicAndNovel();
    const map = [{ chapterId: novelChapters[0]!.id, relatedChapterId: comicChapters[0]!.id }];
    expect((await put(editor.cookie, novel.id, comic.id, { kind: 'adaptation', chapterMap: map })).status).toBe(200);
    expect((await stored(comic.id, novel.id)).maps).toHaveLength(2);
    const removed = await callEndpoint(t, 'teamSeriesRelationDelete', {
      cookie: admin.cookie,
      params: { id: novel.id, relatedId: comic.id },
    });
    expect(removed.status).toBe(200);
    expect(await stored(comic.id, novel.id)).toEqual({ relations: [], maps: [] });
    // Again: nothing to remove, nothing changes.
    const again = await callEndpoint(t, 'teamSeriesRelationDelete', {
      cookie: admin.cookie,
      params: { id: novel.id, relatedId: comic.id },
    });
    expect(again.body.data).toEqual({ removed: false });
  });

  it('refuses what makes no sense, and then nothing changes', async () => {
    const { comic, novel, comicChapters, novelChapters } = await comicAndNovel();
    const other = await comicAndNovel();
    const map = [{ chapterId: comicChapters[0]!.id, relatedChapterId: novelChapters[0]!.id }];
    expect((await put(editor.cookie, comic.id, novel.id, { kind: 'source', chapterMap: map })).status).toBe(200);
    const before = await stored(comic.id, novel.id);

    const refusals: [unknown, string, string][] = [
      [{ kind: 'source' }, comic.id, 'apiErrors.relations.notItself'],
      [{ kind: 'sequel', chapterMap: map }, novel.id, 'apiErrors.relations.mapNeedsAdaptation'],
      [
        { kind: 'source', chapterMap: [{ chapterId: other.comicChapters[0]!.id, relatedChapterId: novelChapters[0]!.id }] },
        novel.id,
        'apiErrors.relations.mapWrongSeries',
      ],
      [
        { kind: 'source', chapterMap: [{ chapterId: comicChapters[0]!.id, relatedChapterId: comicChapters[1]!.id }] },
        novel.id,
        'apiErrors.relations.mapWrongSeries',
      ],
      [
        {
          kind: 'source',
          chapterMap: [
            { chapterId: comicChapters[0]!.id, relatedChapterId: novelChapters[0]!.id },
            { chapterId: comicChapters[1]!.id, relatedChapterId: novelChapters[0]!.id },
          ],
        },
        novel.id,
        'apiErrors.relations.mapRepeatsChapter',
      ],
    ];
    for (const [body, relatedId, reason] of refusals) {
      const refused = await put(editor.cookie, comic.id, relatedId, body);
      expect(refused.status, reason).toBe(400);
      expect(refused.body.error.code).toBe('validation_failed');
      expect(refused.body.error.reason).toBe(reason);
      expect(await stored(comic.id, novel.id), reason).toEqual(before);
    }
    const unknownKind = await put(editor.cookie, comic.id, novel.id, { kind: 'remake' });
    expect(unknownKind.status).toBe(400);
    const missing = await put(editor.cookie, comic.id, '00000000-0000-4000-8000-000000000000', { kind: 'sequel' });
    expect(missing.status).toBe(404);
    expect(await stored(comic.id, novel.id)).toEqual(before);
  });

  it('is edited by the creator of both series only', async () => {
    const { comic, novel } = await comicAndNovel();
    const creator = await onTeam(comic.id, 'creator');
    const reader = await signedInUser(t);

    // The creator of the comic alone: refused on the novel, nothing written.
    const refused = await put(creator.cookie, comic.id, novel.id, { kind: 'source' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect(await stored(comic.id, novel.id)).toEqual({ relations: [], maps: [] });
    // From the novel's side, the guard refuses first.
    expect((await put(creator.cookie, novel.id, comic.id, { kind: 'adaptation' })).status).toBe(403);
    // A translator of both, and a reader, are not the series' editors.
    const translator = await onTeam(comic.id, 'translator');
    await onTeam(novel.id, 'translator', translator);
    expect((await put(translator.cookie, comic.id, novel.id, { kind: 'source' })).status).toBe(403);
    expect((await put(reader.cookie, comic.id, novel.id, { kind: 'source' })).status).toBe(403);
    expect(await stored(comic.id, novel.id)).toEqual({ relations: [], maps: [] });

    // The creator of both may, and may remove it; not once they leave one of them.
    await onTeam(novel.id, 'creator', creator);
    expect((await put(creator.cookie, comic.id, novel.id, { kind: 'source' })).status).toBe(200);
    expect((await stored(comic.id, novel.id)).relations).toHaveLength(2);
    const creatorList = await callEndpoint(t, 'teamSeriesRelations', { cookie: creator.cookie, params: { id: novel.id } });
    expect(creatorList.body.data.items).toHaveLength(1);
    const left = await callEndpoint(t, 'adminSeriesMemberDelete', {
      cookie: admin.cookie,
      params: { id: novel.id, userId: creator.user.id },
    });
    expect(left.status).toBe(200);
    const removeRefused = await callEndpoint(t, 'teamSeriesRelationDelete', {
      cookie: creator.cookie,
      params: { id: comic.id, relatedId: novel.id },
    });
    expect(removeRefused.status).toBe(403);
    expect((await stored(comic.id, novel.id)).relations).toHaveLength(2);
  });

  it('tells both series changed (their kept answers are dropped), and a refused edit tells nothing', async () => {
    const { comic, novel } = await comicAndNovel();
    const heard: string[] = [];
    t.app.services.events.subscribe('series.changed', (event) => heard.push(event.seriesId));
    expect((await put(editor.cookie, comic.id, novel.id, { kind: 'sequel' })).status).toBe(200);
    expect(heard.sort()).toEqual([comic.id, novel.id].sort());
    heard.length = 0;
    expect((await put(editor.cookie, comic.id, novel.id, { kind: 'remake' })).status).toBe(400);
    expect((await put(editor.cookie, comic.id, comic.id, { kind: 'sequel' })).status).toBe(400);
    expect(heard).toEqual([]);
    const removed = await callEndpoint(t, 'teamSeriesRelationDelete', {
      cookie: editor.cookie,
      params: { id: novel.id, relatedId: comic.id },
    });
    expect(removed.status).toBe(200);
    expect(heard.sort()).toEqual([comic.id, novel.id].sort());
  });

  it('writes one audit entry, on the series edited, naming the related series', async () => {
    const { comic, novel } = await comicAndNovel();
    expect((await put(editor.cookie, comic.id, novel.id, { kind: 'source' })).status).toBe(200);
    const removed = await callEndpoint(t, 'teamSeriesRelationDelete', {
      cookie: editor.cookie,
      params: { id: novel.id, relatedId: comic.id },
    });
    expect(removed.status).toBe(200);
    const entries = await t.db
      .select({ targetId: auditLog.targetId, action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(inArray(auditLog.targetId, [comic.id, novel.id]))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.action));
    expect(entries).toEqual([
      {
        targetId: comic.id,
        action: 'teamSeriesRelationPut',
        changes: [{ field: 'Relation', from: null, to: `Source: ${novel.title}` }],
      },
      {
        targetId: novel.id,
        action: 'teamSeriesRelationDelete',
        changes: [{ field: 'Relation', from: `Adaptation: ${comic.title}`, to: null }],
      },
    ]);
  });
});

describe('what readers are shown', () => {
  it('lists the related series a viewer may see, at once after an edit, leaving out unpublished and adult ones past the gate', async () => {
    const { comic, novel } = await comicAndNovel();
    const hidden = await buildSeries(t, { type: 'novel', title: `Draft sequel ${Math.random()}`, isPublished: false });
    const adult = await buildSeries(t, { type: 'comic', title: `Velvet spin-off ${Math.random()}`, isAdult: true });
    const shown = async (cookie?: string) =>
      (await callEndpoint(t, 'seriesRelations', { cookie, params: { id: novel.id } })).body.data.items.map(
        (item: { kind: string; series: { id: string } }) => [item.kind, item.series.id],
      );
    // Read once before the edits: the kept answer must be dropped by them.
    expect(await shown()).toEqual([]);
    expect((await put(editor.cookie, novel.id, comic.id, { kind: 'adaptation' })).status).toBe(200);
    expect((await put(editor.cookie, novel.id, hidden.id, { kind: 'sequel' })).status).toBe(200);
    expect((await put(editor.cookie, novel.id, adult.id, { kind: 'spin-off' })).status).toBe(200);
    expect(await shown()).toEqual([['adaptation', comic.id]]);

    await t.app.services.siteConfig.update({ content: { adultContent: true } });
    const optedIn = await signedInUser(t);
    expect((await callEndpoint(t, 'preferencesUpdate', { cookie: optedIn.cookie, body: { showAdult: true } })).status).toBe(200);
    expect(await shown(optedIn.cookie)).toEqual([
      ['adaptation', comic.id],
      ['spin-off', adult.id],
    ]);
    const card = (await callEndpoint(t, 'seriesRelations', { cookie: optedIn.cookie, params: { id: novel.id } })).body.data
      .items[1];
    expect(card.series).toMatchObject({ slug: adult.slug, title: adult.title, type: 'comic', isAdult: true, cover: null });
    expect(await shown()).toEqual([['adaptation', comic.id]]);

    // The comic sees its source; a series nobody may see has no relations to show.
    const fromComic = await callEndpoint(t, 'seriesRelations', { params: { id: comic.id } });
    expect(fromComic.body.data.items).toMatchObject([{ kind: 'source', series: { id: novel.id, isAdult: false } }]);
    expect((await callEndpoint(t, 'seriesRelations', { params: { id: hidden.id } })).status).toBe(404);
    expect((await callEndpoint(t, 'seriesRelations', { params: { id: adult.id } })).status).toBe(404);
  });

  it("gives a chapter's place in the related series, and the chapter to continue with, both ways", async () => {
    const { comic, novel, comicChapters, novelChapters } = await comicAndNovel();
    const related = (chapterId: string) => callEndpoint(t, 'chapterRelated', { params: { chapterId } });
    expect((await related(comicChapters[0]!.id)).body.data.items).toEqual([]);
    const map = [
      { chapterId: comicChapters[0]!.id, relatedChapterId: novelChapters[1]!.id },
      { chapterId: comicChapters[1]!.id, relatedChapterId: novelChapters[3]!.id },
    ];
    expect((await put(editor.cookie, comic.id, novel.id, { kind: 'source', chapterMap: map })).status).toBe(200);

    // The comic's chapter 1 ends at the novel's chapter 2: continue with its chapter 3.
    const fromComic = await related(comicChapters[0]!.id);
    expect(fromComic.body.data.items).toEqual([
      {
        kind: 'source',
        series: { id: novel.id, slug: novel.slug, title: novel.title, type: 'novel', cover: null, isAdult: false },
        chapter: { slug: novelChapters[1]!.slug, number: 2, title: novelChapters[1]!.title },
        next: { slug: novelChapters[2]!.slug, number: 3 },
      },
    ]);
    // The novel's chapter 2 is adapted in the comic's chapter 1: continue with the comic's chapter 2.
    const fromNovel = await related(novelChapters[1]!.id);
    expect(fromNovel.body.data.items).toMatchObject([
      { kind: 'adaptation', series: { id: comic.id }, chapter: { number: 1 }, next: { slug: comicChapters[1]!.slug, number: 2 } },
    ]);
    // The novel's newest chapter: nothing after it.
    expect((await related(comicChapters[1]!.id)).body.data.items).toMatchObject([{ chapter: { number: 4 }, next: null }]);
    // A chapter not in the map, and one nobody may read.
    expect((await related(novelChapters[0]!.id)).body.data.items).toEqual([]);
    const draft = await buildChapter(t, comic.id, { number: 9, pages: 1, publishedAt: null });
    expect((await related(draft.id)).status).toBe(404);

    // Once the novel is unpublished, the comic's chapter leads nowhere.
    expect(
      (
        await callEndpoint(t, 'teamSeriesUpdate', {
          cookie: editor.cookie,
          params: { id: novel.id },
          body: { isPublished: false },
        })
      ).status,
    ).toBe(200);
    expect((await related(comicChapters[0]!.id)).body.data.items).toEqual([]);
  });
});
