import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../../../test/fixtures';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { findSeriesBySlug } from '../series';
import { executeImport } from './execute';
import { findImport, insertImport } from './imports.repository';
import { createImportsService, type ImportsService } from './imports.service';
import { importCatalogue } from './run/catalogue-door';
import type { ImportPlan, PlannedChapter, PlannedSeries, SourceFile } from './plan';

// The write side on plans made by hand (issue 37 §1): what the read side would make of a library
// of a comic with ComicInfo, a novel and a folder of images.

let t: TestContext;
let imports: ImportsService;
let plan: ImportPlan;

beforeAll(async () => {
  t = await createTestApp();
  const { db, clock } = t;
  const { jobs, storage, series, chapters, genres } = t.app.services;
  imports = createImportsService({
    db,
    clock,
    logger: t.app.log,
    jobs,
    storage,
    catalogue: { series, chapters, genres },
    readPlan: async () => ({ plan, close: async () => undefined }),
  });
});
afterAll(async () => {
  await t?.close();
});

const file = (name: string, bytes: Buffer): SourceFile => ({ name, size: bytes.length, read: async () => bytes });

const chapter = (overrides: Partial<PlannedChapter> & Pick<PlannedChapter, 'path' | 'number' | 'hash'>): PlannedChapter => ({
  volume: null,
  title: '',
  credits: [],
  releasedAt: null,
  language: null,
  pages: [],
  content: null,
  ...overrides,
});

const series = (overrides: Partial<PlannedSeries> & Pick<PlannedSeries, 'path' | 'title' | 'type' | 'hash'>): PlannedSeries => ({
  description: '',
  alternativeNames: '',
  status: 'ongoing',
  genres: [],
  credits: [],
  language: null,
  isAdult: false,
  readingDirection: 'ltr',
  website: '',
  releaseYear: null,
  cover: null,
  chapters: [],
  ...overrides,
});

async function library(): Promise<ImportPlan> {
  const page = (n: number) => png(40, 60 + n);
  const harbor = series({
    path: 'Moon Harbor',
    title: 'Moon Harbor',
    type: 'comic',
    hash: 'harbor-1',
    description: 'Ships at night.',
    genres: ['Action', 'Sea Stories'],
    credits: [{ role: 'writer', name: 'Ana Lima' }],
    readingDirection: 'rtl',
    website: 'https://moon.example',
    releaseYear: 2021,
    cover: file('cover.png', await png(90, 135)),
    chapters: [
      chapter({
        path: 'Moon Harbor/Vol 1 Ch 1.cbz',
        number: 1,
        volume: 1,
        title: 'Arrival',
        credits: [{ role: 'translator', name: 'Rui Sá' }],
        releasedAt: new Date('2020-05-01T00:00:00Z'),
        pages: [file('1.png', await page(1)), file('2.png', await page(2))],
        hash: 'harbor-c1',
      }),
      chapter({ path: 'Moon Harbor/c002.cbz', number: 2, volume: 1, pages: [file('1.png', await page(3))], hash: 'harbor-c2' }),
      // A folder of images, its own chapter.
      chapter({
        path: 'Moon Harbor/Chapter 2.5 - Extra',
        number: 2.5,
        title: 'Extra',
        pages: [file('a.png', await page(4))],
        hash: 'harbor-c2.5',
      }),
    ],
  });
  const lanterns = series({
    path: 'Paper Lanterns.epub',
    title: 'Paper Lanterns',
    type: 'novel',
    hash: 'lanterns-1',
    genres: ['Drama', 'action'],
    credits: [{ role: 'writer', name: 'Inês Rocha' }],
    language: 'pt-BR',
    chapters: [
      chapter({
        path: 'Paper Lanterns.epub#1',
        number: 1,
        title: 'Dusk',
        content: '<p>It was dusk.</p><script>x()</script>',
        hash: 'lanterns-c1',
      }),
      chapter({ path: 'Paper Lanterns.epub#2', number: 2, title: 'Night', content: '<p>Then night.</p>', hash: 'lanterns-c2' }),
    ],
  });
  return { series: [harbor, lanterns], failures: [] };
}

async function seriesNamed(slug: string) {
  const row = await findSeriesBySlug(t.db, slug);
  return row ? t.app.services.series.getSeries(row.id) : undefined;
}

/**
 * A chapter as the team reads it, its page URLs without their signature: a signature changes with
 * the half-hour window the clock is in (the test's clock moves on), not with what was stored.
 */
const unsigned = (chapter: object) => JSON.stringify(chapter).replace(/\?exp=\d+&sig=[\w-]+/g, '');

describe('the import runner (issue 37 §1)', () => {
  let firstUpdatedAt: Map<string, string>;

  it('creates series with their metadata, genres, credits and cover, and chapters as drafts with volumes and credits', async () => {
    plan = await library();
    const result = await imports.importFolder('library', { dryRun: false, publish: false });
    expect(result.counts).toEqual({ created: 7, updated: 0, unchanged: 0, failed: 0 });
    expect(result.status).toBe('done');

    const harbor = (await seriesNamed('moon-harbor'))!;
    expect(harbor).toMatchObject({ title: 'Moon Harbor', type: 'comic', description: 'Ships at night.', releaseYear: 2021 });
    expect(harbor.readingDirection).toBe('rtl');
    expect(harbor.website).toBe('https://moon.example');
    expect(harbor.cover).not.toBeNull();
    expect(harbor.genres.map((genre) => genre.name).sort()).toEqual(['Action', 'Sea Stories']);
    expect(harbor.credits?.map((credit) => [credit.role, credit.name])).toEqual([['writer', 'Ana Lima']]);
    expect(harbor.chapters.map((row) => [row.number, row.volume ?? null, row.state]).sort()).toEqual([
      [1, 1, 'draft'],
      [2, 1, 'draft'],
      [2.5, null, 'draft'],
    ]);
    const first = await t.app.services.chapters.getChapter(harbor.chapters.find((row) => row.number === 1)!.id);
    expect(first.title).toBe('Arrival');
    expect(first.pages).toHaveLength(2);
    expect(first.credits?.map((credit) => credit.name)).toEqual(['Rui Sá']);

    const lanterns = (await seriesNamed('paper-lanterns'))!;
    expect(lanterns.type).toBe('novel');
    expect(lanterns.originalLanguage).toBe('pt-BR');
    // 'action' is the genre the comic made: found by its name in any case, not made twice.
    expect(lanterns.genres.map((genre) => genre.name).sort()).toEqual(['Action', 'Drama']);
    const dusk = await t.app.services.chapters.getChapter(lanterns.chapters.find((row) => row.number === 1)!.id);
    expect(dusk.content).toContain('It was dusk.');
    expect(dusk.content).not.toContain('script');

    firstUpdatedAt = new Map(
      [harbor, lanterns].flatMap((one) => [[one.id, one.chapters.map((row) => row.id).join()] as [string, string]]),
    );
    const everything = await Promise.all(
      [...harbor.chapters, ...lanterns.chapters].map((row) => t.app.services.chapters.getChapter(row.id)),
    );
    firstUpdatedAt = new Map(everything.map((one) => [one.id, unsigned(one)]));
  });

  it('changes nothing when the same files come again, and says so', async () => {
    t.clock.advance(60_000);
    const result = await imports.importFolder('library', { dryRun: false, publish: false });
    expect(result.counts).toEqual({ created: 0, updated: 0, unchanged: 7, failed: 0 });
    for (const [id, before] of firstUpdatedAt) {
      expect(unsigned(await t.app.services.chapters.getChapter(id)), id).toBe(before);
    }
  });

  it('updates the one chapter whose file changed: its pages replaced and its date moved', async () => {
    t.clock.advance(60_000);
    const changed = plan.series[0]!.chapters[1]!;
    changed.pages = [file('1.png', await png(44, 66)), file('2.png', await png(44, 67))];
    changed.hash = 'harbor-c2-b';
    const result = await imports.importFolder('library', { dryRun: false, publish: false });
    expect(result.counts).toEqual({ created: 0, updated: 1, unchanged: 6, failed: 0 });
    expect(result.items.find((item) => item.action === 'updated')?.path).toBe('Moon Harbor/c002.cbz');
    const harbor = (await seriesNamed('moon-harbor'))!;
    const two = await t.app.services.chapters.getChapter(harbor.chapters.find((row) => row.number === 2)!.id);
    expect(two.pages).toHaveLength(2);
    expect(JSON.parse(firstUpdatedAt.get(two.id)!).pages).toHaveLength(1);
  });

  it('fails a broken chapter alone, with its reason, and keeps nothing of it', async () => {
    plan.series[0]!.chapters.push(
      chapter({
        path: 'Moon Harbor/c003.cbz',
        number: 3,
        pages: [file('1.png', Buffer.from('not an image'))],
        hash: 'harbor-c3',
      }),
      chapter({ path: 'Moon Harbor/c004.cbz', number: 4, pages: [file('1.png', await png(40, 70))], hash: 'harbor-c4' }),
    );
    plan.failures.push({
      path: 'Moon Harbor/evil.cbz',
      code: 'apiErrors.importRuns.noPages',
      reason: 'This chapter has no pages',
    });
    const result = await imports.importFolder('library', { dryRun: false, publish: false });
    expect(result.counts).toEqual({ created: 1, updated: 0, unchanged: 7, failed: 2 });
    const broken = result.items.find((item) => item.path === 'Moon Harbor/c003.cbz')!;
    expect(broken).toMatchObject({ action: 'failed', code: 'apiErrors.platform.notAnImage' });
    expect(broken.reason).toMatch(/image/i);
    const harbor = (await seriesNamed('moon-harbor'))!;
    expect(harbor.chapters.map((row) => row.number).sort()).toEqual([1, 2, 2.5, 4]);
  });

  it('writes nothing on a dry run, and says what it would do', async () => {
    const before = await t.app.services.series.listSeries({ page: 1, perPage: 100 });
    plan.series.push(
      series({
        path: 'New One',
        title: 'New One',
        type: 'comic',
        hash: 'new-1',
        chapters: [chapter({ path: 'New One/c1.cbz', number: 1, pages: [file('1.png', await png(30, 40))], hash: 'new-c1' })],
      }),
    );
    const result = await imports.importFolder('library', { dryRun: true, publish: false });
    expect(result.counts).toEqual({ created: 2, updated: 0, unchanged: 8, failed: 2 });
    const after = await t.app.services.series.listSeries({ page: 1, perPage: 100 });
    expect(after.pagination.total).toBe(before.pagination.total);
    expect(await findSeriesBySlug(t.db, 'new-one')).toBeUndefined();
  });

  it('publishes with --publish: at ComicInfo’s date when it is past, else now', async () => {
    plan = {
      series: [
        series({
          path: 'Dawn',
          title: 'Dawn',
          type: 'comic',
          hash: 'dawn-1',
          chapters: [
            chapter({
              path: 'Dawn/c1.cbz',
              number: 1,
              releasedAt: new Date('2019-03-04T00:00:00Z'),
              pages: [file('1.png', await png(30, 41))],
              hash: 'dawn-c1',
            }),
            chapter({
              path: 'Dawn/c2.cbz',
              number: 2,
              releasedAt: new Date('2999-01-01T00:00:00Z'),
              pages: [file('1.png', await png(30, 42))],
              hash: 'dawn-c2',
            }),
          ],
        }),
      ],
      failures: [],
    };
    const result = await imports.importFolder('dawn', { dryRun: false, publish: true });
    expect(result.counts.created).toBe(3);
    const dawn = (await seriesNamed('dawn'))!;
    expect(dawn.isPublished).toBe(true);
    const byNumber = new Map(dawn.chapters.map((row) => [row.number, row]));
    expect(byNumber.get(1)).toMatchObject({ state: 'published', publishedAt: '2019-03-04T00:00:00.000Z' });
    expect(byNumber.get(2)).toMatchObject({ state: 'published', publishedAt: t.clock.now().toISOString() });
  });

  it('gives a running import back to the queue when its instance stops, and the next run keeps what the first did', async () => {
    plan = {
      series: [
        series({
          path: 'Pause',
          title: 'Pause',
          type: 'comic',
          hash: 'pause-1',
          chapters: [1, 2, 3].map((n) =>
            chapter({ path: `Pause/c${n}.cbz`, number: n, pages: [file('1.png', Buffer.alloc(0))], hash: `pause-c${n}` }),
          ),
        }),
      ],
      failures: [],
    };
    for (const [i, one] of plan.series[0]!.chapters.entries()) one.pages = [file('1.png', await png(31, 50 + i))];
    const { series: seriesService, chapters, genres } = t.app.services;
    const deps = {
      db: t.db,
      clock: t.clock,
      catalogue: () => importCatalogue(t.db, { series: seriesService, chapters, genres }),
      readPlan: async () => ({ plan, close: async () => undefined }),
    };
    const row = await insertImport(t.db, { origin: 'upload', source: 'pause.zip', status: 'running' });
    // The instance stops once the series and its first chapter are in.
    let asked = 0;
    const stopped = await executeImport(
      deps,
      row,
      { kind: 'zip', file: '', name: 'pause.zip' },
      { shouldStop: () => (asked += 1) > 2 },
    );
    expect(stopped.status).toBe('queued');
    const queued = (await findImport(t.db, row.id))!;
    expect(queued).toMatchObject({ status: 'queued', done: 2, created: 2 });

    const resumed = await executeImport(deps, { ...queued, status: 'running' }, { kind: 'zip', file: '', name: 'pause.zip' });
    expect(resumed.counts).toEqual({ created: 4, updated: 0, unchanged: 0, failed: 0 });
    expect((await findImport(t.db, row.id))!).toMatchObject({ status: 'done', done: 4, created: 4 });
    expect((await seriesNamed('pause'))!.chapters.map((one) => one.number).sort()).toEqual([1, 2, 3]);
  });
});
