import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { comicInfo, page, writeTree, zip } from '../../../../test/import-library';
import { findSeriesBySlug } from '../../catalogue/series';

// Settings that travel (issue 39 §2): the reader's settings in the account, their own choice per
// series, and the series' reading defaults the team sets (and an imported manga's).

let t: TestContext;
let dir: string;
let editor: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'inkwell-reader-settings-'));
  editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const settingsOf = async (cookie: string, seriesId?: string) =>
  (await callEndpoint(t, 'readerSettings', { cookie, ...(seriesId ? { query: `?seriesId=${seriesId}` } : {}) })).body.data;

describe("a reader's settings in the account", () => {
  it('are empty at first, then kept: PUT writes them whole, PATCH only the keys sent', async () => {
    const { cookie } = await signedInUser(t);
    expect(await settingsOf(cookie)).toEqual({ comic: {}, novel: {}, series: null, updatedAt: null });

    const put = await callEndpoint(t, 'readerSettingsPut', {
      cookie,
      body: { comic: { mode: 'paged', direction: 'rtl' }, novel: { font: 'sans', size: 20, lineHeight: 1.9 } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ comic: { mode: 'paged', direction: 'rtl' }, novel: { font: 'sans', size: 20 } });

    const patched = await callEndpoint(t, 'readerSettingsPatch', { cookie, body: { comic: { fit: 'height' } } });
    expect(patched.status).toBe(200);
    // Another browser, same account: the same settings.
    const elsewhere = await settingsOf(cookie);
    expect(elsewhere.comic).toEqual({ mode: 'paged', direction: 'rtl', fit: 'height' });
    expect(elsewhere.novel).toEqual({ font: 'sans', size: 20, lineHeight: 1.9 });
    expect(elsewhere.updatedAt).not.toBeNull();

    await callEndpoint(t, 'readerSettingsPut', { cookie, body: { novel: { theme: 'sepia' } } });
    expect(await settingsOf(cookie)).toMatchObject({ comic: {}, novel: { theme: 'sepia' } });
  });

  it.each([
    ['a mode that is not one', { comic: { mode: 'scroll' } }, 'comic.mode'],
    ['a size past the limit', { novel: { size: 29 } }, 'novel.size'],
    ['a line height between tenths', { novel: { lineHeight: 1.55 } }, 'novel.lineHeight'],
    ['the data saver, which stays on the device', { comic: { quality: 'saver' } }, 'comic'],
    ["the strip's gap, which stays on the device", { comic: { gap: 8 } }, 'comic'],
    ['a part that is not one', { reader: {} }, ''],
  ])('refuses %s, changing nothing', async (_what, body, field) => {
    const { cookie } = await signedInUser(t);
    await callEndpoint(t, 'readerSettingsPut', { cookie, body: { comic: { mode: 'paged' }, novel: { size: 22 } } });
    const before = await settingsOf(cookie);
    for (const name of ['readerSettingsPut', 'readerSettingsPatch'] as const) {
      const answer = await callEndpoint(t, name, { cookie, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      if (field) expect(Object.keys(answer.body.error.fields ?? {}).join(' ')).toContain(field);
    }
    expect(await settingsOf(cookie)).toEqual(before);
  });

  it("are each reader's own: one reader's change never reaches another's, and a visitor must sign in", async () => {
    const ana = await signedInUser(t);
    const bo = await signedInUser(t);
    await callEndpoint(t, 'readerSettingsPut', { cookie: ana.cookie, body: { comic: { mode: 'paged' } } });
    expect((await settingsOf(bo.cookie)).comic).toEqual({});
    const series = await buildSeries(t);
    await callEndpoint(t, 'seriesReaderSettingsPut', {
      cookie: bo.cookie,
      params: { seriesId: series.id },
      body: { fit: 'original' },
    });
    expect((await settingsOf(ana.cookie, series.id)).series).toEqual({ mode: null, direction: null, fit: null });
    for (const name of ['readerSettings', 'readerSettingsPut', 'readerSettingsPatch'] as const) {
      expect((await callEndpoint(t, name, { body: {} })).status).toBe(401);
    }
    const params = { seriesId: series.id };
    for (const name of ['seriesReaderSettings', 'seriesReaderSettingsPut', 'seriesReaderSettingsClear'] as const) {
      expect((await callEndpoint(t, name, { params, body: {} })).status).toBe(401);
    }
  });
});

describe("a reader's own choice for a series", () => {
  it('is kept per series, changed key by key, asked with the account settings, and cleared', async () => {
    const { cookie } = await signedInUser(t);
    const series = await buildSeries(t);
    const other = await buildSeries(t);
    const params = { seriesId: series.id };
    const set = await callEndpoint(t, 'seriesReaderSettingsPut', { cookie, params, body: { mode: 'paged', direction: 'rtl' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toEqual({ mode: 'paged', direction: 'rtl', fit: null });
    await callEndpoint(t, 'seriesReaderSettingsPut', { cookie, params, body: { direction: null, fit: 'height' } });
    expect((await callEndpoint(t, 'seriesReaderSettings', { cookie, params })).body.data).toEqual({
      mode: 'paged',
      direction: null,
      fit: 'height',
    });
    expect((await settingsOf(cookie, series.id)).series).toEqual({ mode: 'paged', direction: null, fit: 'height' });
    expect((await settingsOf(cookie, other.id)).series).toEqual({ mode: null, direction: null, fit: null });

    const cleared = await callEndpoint(t, 'seriesReaderSettingsClear', { cookie, params });
    expect(cleared.status).toBe(200);
    expect((await settingsOf(cookie, series.id)).series).toEqual({ mode: null, direction: null, fit: null });
  });

  it('refuses a series that is not there and a choice that is not one, changing nothing', async () => {
    const { cookie } = await signedInUser(t);
    const series = await buildSeries(t);
    const params = { seriesId: series.id };
    await callEndpoint(t, 'seriesReaderSettingsPut', { cookie, params, body: { mode: 'strip' } });
    const missing = await callEndpoint(t, 'seriesReaderSettingsPut', {
      cookie,
      params: { seriesId: UNKNOWN_ID },
      body: { mode: 'paged' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('series_not_found');
    for (const body of [{ mode: 'scroll' }, { fit: 'cover' }, { quality: 'saver' }]) {
      const answer = await callEndpoint(t, 'seriesReaderSettingsPut', { cookie, params, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    }
    expect((await callEndpoint(t, 'seriesReaderSettings', { cookie, params })).body.data).toEqual({
      mode: 'strip',
      direction: null,
      fit: null,
    });
  });
});

describe("a series' reading defaults (the team's)", () => {
  it('are set by an editor, audited, and shown to readers in the series and chapter answers', async () => {
    const series = await buildSeries(t);
    const chapter = await buildChapter(t, series.id, { number: 1, pages: 1 });
    const edited = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: editor,
      params: { id: series.id },
      body: { readerDefaults: { mode: 'paged', direction: 'rtl' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.readerDefaults).toEqual({ mode: 'paged', direction: 'rtl' });
    expect(edited.body.data.readingDirection).toBe('rtl');

    const shown = (await callEndpoint(t, 'series', { params: { slug: series.slug } })).body.data;
    expect(shown.readerDefaults).toEqual({ mode: 'paged', direction: 'rtl' });
    const opened = (await callEndpoint(t, 'chapter', { params: { slug: series.slug, chapterSlug: chapter.slug } })).body.data;
    expect(opened.series.readerDefaults).toEqual({ mode: 'paged', direction: 'rtl' });

    const items = (await callEndpoint(t, 'adminAuditLog', { cookie: admin })).body.data.items as {
      action: string;
      target: { id: string | null };
      changes: { field: string; from: string | null; to: string | null }[];
    }[];
    const entry = items.find((item) => item.action === 'teamSeriesUpdate' && item.target.id === series.id);
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'Reading direction', from: 'ltr', to: 'rtl' },
        { field: 'Reading mode', from: 'none', to: 'paged' },
      ]),
    );

    // Back to the reader's own choice of mode; the direction stays.
    const back = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: editor,
      params: { id: series.id },
      body: { readerDefaults: { mode: null } },
    });
    expect(back.body.data.readerDefaults).toEqual({ mode: null, direction: 'rtl' });
  });

  it('are the team’s alone: a reader cannot set them, and a bad value changes nothing', async () => {
    const series = await buildSeries(t, { readerDefaults: { mode: 'strip', direction: 'ltr' } });
    const { cookie } = await signedInUser(t);
    const params = { id: series.id };
    const refused = await callEndpoint(t, 'teamSeriesUpdate', { cookie, params, body: { readerDefaults: { mode: 'paged' } } });
    expect(refused.status).toBe(403);
    const bad = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: editor,
      params,
      body: { readerDefaults: { mode: 'scroll', direction: 'rtl' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect((await callEndpoint(t, 'series', { params: { slug: series.slug } })).body.data.readerDefaults).toEqual({
      mode: 'strip',
      direction: 'ltr',
    });
  });

  it('of an imported manga (ComicInfo Manga=YesAndRightToLeft) read right to left', async () => {
    const root = join(dir, 'manga');
    await writeTree(root, {
      'Tide Shrine/Tide Shrine c001.cbz': zip({
        '1.png': new Uint8Array(await page(5)),
        'ComicInfo.xml': comicInfo({ Series: 'Tide Shrine', Number: 1, Manga: 'YesAndRightToLeft' }),
      }),
      'Paper Kites/Paper Kites c001.cbz': zip({
        '1.png': new Uint8Array(await page(6)),
        'ComicInfo.xml': comicInfo({ Series: 'Paper Kites', Number: 1, Manga: 'No' }),
      }),
    });
    const result = await t.app.services.imports.importFolder(root, { dryRun: false, publish: true });
    expect(result.counts.failed, JSON.stringify(result.items)).toBe(0);
    const defaultsOf = async (slug: string) => {
      const row = (await findSeriesBySlug(t.db, slug))!;
      return (await t.app.services.series.getSeries(row.id)).readerDefaults;
    };
    expect(await defaultsOf('tide-shrine')).toEqual({ mode: null, direction: 'rtl' });
    expect(await defaultsOf('paper-kites')).toEqual({ mode: null, direction: 'ltr' });
  });
});

describe("a deleted account's settings", () => {
  it('are in the export, and go with the account', async () => {
    const { user, cookie } = await signedInUser(t);
    const series = await buildSeries(t);
    await callEndpoint(t, 'readerSettingsPut', { cookie, body: { comic: { mode: 'paged' }, novel: { theme: 'light' } } });
    await callEndpoint(t, 'seriesReaderSettingsPut', { cookie, params: { seriesId: series.id }, body: { direction: 'rtl' } });

    const answer = await callEndpoint(t, 'accountExport', { cookie });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const exported = answer.body.data ?? answer.body;
    expect(exported.readerSettings).toMatchObject({
      comic: { mode: 'paged' },
      novel: { theme: 'light' },
      series: [{ seriesTitle: series.title, mode: null, direction: 'rtl', fit: null }],
    });

    const deleted = await callEndpoint(t, 'accountDelete', { cookie, body: { password: user.password } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const left = async (table: string) =>
      (await t.executeSql(`select count(*)::int as n from ${table} where user_id = $1`, [user.id])).rows[0] as { n: number };
    expect(await left('reader_settings')).toEqual({ n: 0 });
    expect(await left('series_reader_settings')).toEqual({ n: 0 });
  });
});
