import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';

// Issue 37 §2: volumes, credits (a series' defaults, a chapter's own by role), a reading direction and
// a site, written by the team's calls and shown in the team's and readers' answers; a range renumbered.

let t: TestContext;
let editor: string;
let admin: string;
let translator: { id: string; username: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
  const user = await buildUser(t.db);
  translator = { id: user.id, username: user.username, cookie: await loginAs(t.app, user) };
});
afterAll(async () => {
  await t?.close();
});

const title = (stem: string) => `${stem} ${Math.random().toString(36).slice(2, 8)}`;

async function newSeries(body: Record<string, unknown>) {
  const created = await callEndpoint(t, 'teamSeriesCreate', {
    cookie: editor,
    body: { type: 'novel', title: title('Credits'), isPublished: true, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

async function newChapter(seriesId: string, body: Record<string, unknown>) {
  const created = await callEndpoint(t, 'teamChapterCreate', {
    cookie: editor,
    params: { id: seriesId },
    body: { content: '<p>Words.</p>', publishedAt: new Date(t.clock.now().getTime() - 60_000).toISOString(), ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

/** The newest audit entry of this action about this target. */
async function auditEntry(action: string, targetId: string) {
  const items = (await callEndpoint(t, 'adminAuditLog', { cookie: admin })).body.data.items as {
    action: string;
    target: { id: string | null };
    changes: { field: string; from: string | null; to: string | null }[];
  }[];
  return items.find((item) => item.action === action && item.target.id === targetId);
}

const publicSeries = async (slug: string) => (await callEndpoint(t, 'series', { params: { slug } })).body.data;
const publicChapter = async (slug: string, chapterSlug: string) =>
  (await callEndpoint(t, 'chapter', { params: { slug, chapterSlug } })).body.data;

describe('a series: credits, reading direction and site', () => {
  it('are written on create and edit, and answered to the team and to readers', async () => {
    const series = await newSeries({
      readingDirection: 'rtl',
      website: 'https://lanterns.example/',
      credits: [
        { role: 'writer', name: 'Ada Quill' },
        { role: 'artist', name: 'Bo Ink' },
      ],
    });
    expect(series.readingDirection).toBe('rtl');
    expect(series.website).toBe('https://lanterns.example/');
    expect(series.credits).toEqual([
      { role: 'writer', name: 'Ada Quill', userId: null, username: null },
      { role: 'artist', name: 'Bo Ink', userId: null, username: null },
    ]);
    const edited = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: editor,
      params: { id: series.id },
      body: { readingDirection: 'ltr', credits: [{ role: 'editor', name: 'Cy Red', userId: translator.id }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.readingDirection).toBe('ltr');
    // Left out of the edit: kept.
    expect(edited.body.data.website).toBe('https://lanterns.example/');
    expect(edited.body.data.credits).toEqual([
      { role: 'editor', name: 'Cy Red', userId: translator.id, username: translator.username },
    ]);
    const shown = await publicSeries(series.slug);
    expect(shown.readingDirection).toBe('ltr');
    expect(shown.website).toBe('https://lanterns.example/');
    expect(shown.credits).toEqual(edited.body.data.credits);
    expect((await auditEntry('teamSeriesUpdate', series.id))?.changes).toEqual([
      { field: 'Reading direction', from: 'rtl', to: 'ltr' },
      { field: 'Credits', from: 'writer: Ada Quill, artist: Bo Ink', to: 'editor: Cy Red' },
    ]);
  });

  it('refuses a reading direction, a site or a credit that is not one, and a credit linked to nobody, changing nothing', async () => {
    const series = await newSeries({ credits: [{ role: 'writer', name: 'Kept' }] });
    for (const body of [
      { readingDirection: 'up' },
      { website: 'lanterns.example' },
      { website: 'javascript:alert(1)' },
      { credits: [{ role: 'colourist', name: 'X' }] },
      { credits: [{ role: 'writer', name: '  ' }] },
    ]) {
      const refused = await callEndpoint(t, 'teamSeriesUpdate', { cookie: editor, params: { id: series.id }, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const nobody = '00000000-0000-4000-8000-000000000001';
    const unknown = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: editor,
      params: { id: series.id },
      body: { title: 'Not saved', credits: [{ role: 'writer', name: 'Ghost', userId: nobody }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.credits).toBe(
      `No account has the id ${nobody}: a credit can link only an account on this site`,
    );
    const after = (await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: series.id } })).body.data;
    expect(after.title).toBe(series.title);
    expect(after.credits.map((credit: { name: string }) => credit.name)).toEqual(['Kept']);
    const chapterRefused = await callEndpoint(t, 'teamChapterCreate', {
      cookie: editor,
      params: { id: series.id },
      body: { number: 1, credits: [{ role: 'translator', name: 'Ghost', userId: nobody }] },
    });
    expect(chapterRefused.status).toBe(400);
    expect(after.chapters).toEqual([]);
  });
});

describe('a chapter: volume and credits', () => {
  it('inherits its series’ credits for the roles it does not name, and replaces them for those it does', async () => {
    const series = await newSeries({
      credits: [
        { role: 'writer', name: 'Ada Quill' },
        { role: 'artist', name: 'Bo Ink' },
        { role: 'translator', name: 'Series Translator' },
      ],
    });
    const own = await newChapter(series.id, {
      number: 1,
      volume: 2,
      credits: [
        { role: 'translator', name: 'Tess', userId: translator.id },
        { role: 'translator', name: 'Uma' },
        { role: 'letterer', name: 'Lee' },
      ],
    });
    const plain = await newChapter(series.id, { number: 2 });
    // The team sees the chapter's own credits only, and its volume.
    expect(own.volume).toBe(2);
    expect(own.credits.map((credit: { name: string }) => credit.name)).toEqual(['Tess', 'Uma', 'Lee']);
    expect(plain.credits).toEqual([]);
    const rows = (await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: series.id } })).body.data.chapters;
    expect(rows.map((row: { number: number; volume: number | null }) => [row.number, row.volume])).toEqual([
      [2, null],
      [1, 2],
    ]);

    const read = await publicChapter(series.slug, own.slug);
    expect(read.chapter.volume).toBe(2);
    expect(read.series.readingDirection).toBe('ltr');
    expect(read.credits).toEqual([
      { role: 'writer', name: 'Ada Quill', userId: null, username: null },
      { role: 'artist', name: 'Bo Ink', userId: null, username: null },
      { role: 'translator', name: 'Tess', userId: translator.id, username: translator.username },
      { role: 'translator', name: 'Uma', userId: null, username: null },
      { role: 'letterer', name: 'Lee', userId: null, username: null },
    ]);
    expect((await publicChapter(series.slug, plain.slug)).credits.map((credit: { name: string }) => credit.name)).toEqual([
      'Ada Quill',
      'Bo Ink',
      'Series Translator',
    ]);

    const page = await publicSeries(series.slug);
    expect(page.chapters.map((chapter: { number: number; volume: number | null }) => [chapter.number, chapter.volume])).toEqual([
      [2, null],
      [1, 2],
    ]);
    const list = await callEndpoint(t, 'seriesChapters', { params: { slug: series.slug }, query: '?order=asc' });
    expect(list.body.data.items.map((chapter: { volume: number | null }) => chapter.volume)).toEqual([2, null]);

    // Its own credits taken away: the series' again, at once.
    const edited = await callEndpoint(t, 'teamChapterUpdate', {
      cookie: editor,
      params: { id: own.id },
      body: { credits: [], volume: 2.5 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.volume).toBe(2.5);
    const again = await publicChapter(series.slug, own.slug);
    expect(again.chapter.volume).toBe(2.5);
    expect(again.credits.map((credit: { name: string }) => credit.name)).toEqual(['Ada Quill', 'Bo Ink', 'Series Translator']);
    const cleared = await callEndpoint(t, 'teamChapterUpdate', {
      cookie: editor,
      params: { id: own.id },
      body: { volume: null },
    });
    expect(cleared.body.data.volume).toBeNull();
    expect(
      (await callEndpoint(t, 'teamChapterUpdate', { cookie: editor, params: { id: own.id }, body: { volume: -1 } })).status,
    ).toBe(400);
  });

  it('shows a linked user under their new name once they rename themselves', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const series = await newSeries({ credits: [{ role: 'writer', name: 'Pen Name', userId: user.id }] });
    const chapter = await newChapter(series.id, { number: 1, credits: [{ role: 'artist', name: 'Drawn', userId: user.id }] });
    const usernames = async () =>
      (await publicChapter(series.slug, chapter.slug)).credits.map((c: { username: string }) => c.username);
    expect(await usernames()).toEqual([user.username, user.username]);

    const renamed = `renamed_${Math.random().toString(36).slice(2, 8)}`;
    expect((await callEndpoint(t, 'profileUpdate', { cookie, body: { username: renamed } })).status).toBe(200);
    // Past the shared answers' two seconds, well within the kept reads' ten: the credits heard the rename.
    t.clock.advance(2_500);
    expect(await usernames()).toEqual([renamed, renamed]);
    expect((await publicSeries(series.slug)).credits[0].username).toBe(renamed);
    const team = (await callEndpoint(t, 'teamChapter', { cookie: editor, params: { id: chapter.id } })).body.data;
    expect(team.credits[0]).toEqual({ role: 'artist', name: 'Drawn', userId: user.id, username: renamed });
  });
});

describe('POST TEAM/series/:id/chapters/renumber', () => {
  async function numbered(numbers: number[]) {
    const series = await buildSeries(t, { type: 'novel', title: title('Renumber') });
    const chapters = [];
    for (const number of numbers) chapters.push(await buildChapter(t, series.id, { number }));
    return { series, chapters };
  }
  const renumber = (seriesId: string, body: unknown) =>
    callEndpoint(t, 'teamChaptersRenumber', { cookie: editor, params: { id: seriesId }, body });
  const state = async (seriesId: string) =>
    (await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: seriesId } })).body.data.chapters
      .map((row: { number: number; volume: number | null; slug: string }) => [row.number, row.volume, row.slug])
      .reverse();

  it('moves a range into a volume', async () => {
    const { series } = await numbered([1, 2, 3, 4]);
    const moved = await renumber(series.id, { from: 2, to: 3, volume: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toEqual({ changed: 2 });
    expect(moved.body.message).toBe('2 chapters changed');
    expect(await state(series.id)).toEqual([
      [1, null, 'chapter-1'],
      [2, 1, 'chapter-2'],
      [3, 1, 'chapter-3'],
      [4, null, 'chapter-4'],
    ]);
    // Readers see it at once.
    expect((await publicSeries(series.slug)).chapters.map((c: { volume: number | null }) => c.volume)).toEqual([
      null,
      1,
      1,
      null,
    ]);
  });

  it('shifts numbers, their made addresses following and a chosen one staying, in either direction', async () => {
    const { series, chapters } = await numbered([1, 2, 3, 10]);
    await callEndpoint(t, 'teamChapterUpdate', { cookie: editor, params: { id: chapters[1]!.id }, body: { slug: 'the-storm' } });
    const up = await renumber(series.id, { from: 1, to: 3, shiftBy: 1.5 });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toEqual({ changed: 3 });
    expect(await state(series.id)).toEqual([
      [2.5, null, 'chapter-2-5'],
      [3.5, null, 'the-storm'],
      [4.5, null, 'chapter-4-5'],
      [10, null, 'chapter-10'],
    ]);
    expect((await auditEntry('teamChaptersRenumber', series.id))?.changes).toEqual([
      { field: 'Numbers', from: '1–3', to: '2.5–4.5' },
    ]);
    const down = await renumber(series.id, { from: 2.5, to: 4.5, shiftBy: -1.5, volume: 3 });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(await state(series.id)).toEqual([
      [1, 3, 'chapter-1'],
      [2, 3, 'the-storm'],
      [3, 3, 'chapter-3'],
      [10, null, 'chapter-10'],
    ]);
    // The old address is gone, the new one reads.
    expect((await callEndpoint(t, 'chapter', { params: { slug: series.slug, chapterSlug: 'chapter-2-5' } })).status).toBe(404);
    expect((await publicChapter(series.slug, 'chapter-1')).chapter.number).toBe(1);
  });

  it('answers 409 and changes nothing when a shift lands on a chapter outside the range', async () => {
    const { series } = await numbered([1, 2, 3, 5]);
    const before = await state(series.id);
    const clash = await renumber(series.id, { from: 1, to: 3, shiftBy: 2, volume: 4 });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('conflict');
    expect(clash.body.error.fields.shiftBy).toBe(
      'Chapter 3 would become chapter 5, which another chapter outside the range already is: nothing was changed',
    );
    expect(await state(series.id)).toEqual(before);
    const below = await renumber(series.id, { from: 1, to: 2, shiftBy: -2 });
    expect(below.status).toBe(400);
    expect(await state(series.id)).toEqual(before);
  });

  it('refuses bad input (400) and an unknown series (404)', async () => {
    const { series } = await numbered([1]);
    for (const body of [
      { from: 3, to: 1, volume: 1 },
      { from: 1, to: 2 },
      { from: 1, to: 2, shiftBy: 0 },
      { from: -1, to: 2, volume: 1 },
    ]) {
      expect((await renumber(series.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const missing = await renumber('00000000-0000-4000-8000-000000000002', { from: 1, to: 2, volume: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('series_not_found');
  });
});
