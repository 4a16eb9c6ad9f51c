/**
 * The import row of `npm run bench` (issue 37 §1): a 1,000-chapter mixed library made in a temporary
 * folder (CBZs with small real pages, half with ComicInfo.xml; folders of images; EPUB novels),
 * imported by `npm run import`'s own code on a fresh embedded database in a child process, whose
 * time and peak memory (RSS) are printed. Run alone: `tsx apps/server/bench/import.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import pg from 'pg';
import { runImportCli } from '../src/cli/import-cli';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** A database of its own on the server `adminUrl` names, dropped after `work`. */
async function withScratchDatabase(adminUrl: string, work: (url: string) => Promise<void>) {
  const name = `inkwell_bench_import_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await work(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const COMIC_SERIES = 12;
const CBZ_PER_SERIES = 40;
const FOLDER_SERIES = 4;
const FOLDERS_PER_SERIES = 50;
const NOVEL_SERIES = 4;
const EPUBS_PER_NOVEL = 4;
const CHAPTERS_PER_EPUB = 20;
const PAGES_PER_CHAPTER = 3;
export const LIBRARY_CHAPTERS =
  COMIC_SERIES * CBZ_PER_SERIES + FOLDER_SERIES * FOLDERS_PER_SERIES + NOVEL_SERIES * EPUBS_PER_NOVEL * CHAPTERS_PER_EPUB;

const encode = (text: string) => new TextEncoder().encode(text);

/** A small real page (a scan's proportions), its colour and format varying with n. */
async function pageImage(n: number): Promise<Uint8Array> {
  const image = sharp({
    create: { width: 320, height: 480, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 } },
  });
  return new Uint8Array(await (n % 2 ? image.jpeg({ quality: 80 }) : image.png()).toBuffer());
}

const comicInfo = (series: string, number: number, volume: number) =>
  `<?xml version="1.0"?><ComicInfo><Series>${series}</Series><Number>${number}</Number><Volume>${volume}</Volume>` +
  `<Title>Part ${number}</Title><Writer>Bench Writer</Writer><Penciller>Bench Artist</Penciller><Genre>Action, Drama</Genre>` +
  `<Year>2021</Year><Month>3</Month><Day>4</Day></ComicInfo>`;

/** An EPUB 3 novel volume: `chapters` chapters of a few paragraphs, each its own file in the spine. */
function novelEpub(title: string, volume: number, chapters: number): Uint8Array {
  const items = Array.from({ length: chapters }, (_, i) => i + 1);
  const paragraph = 'The tide came in over the old stones, and the lamps of the harbour went out one by one. '.repeat(12);
  const files: Record<string, Uint8Array> = {
    mimetype: encode('application/epub+zip'),
    'META-INF/container.xml': encode(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': encode(
      `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">` +
        `<dc:identifier id="id">urn:bench:${title}:${volume}</dc:identifier><dc:title>${title}, Book ${volume}</dc:title><dc:creator>Bench Author</dc:creator>` +
        `<dc:language>en</dc:language><dc:subject>Fantasy</dc:subject><meta property="belongs-to-collection" id="s">${title}</meta>` +
        `<meta refines="#s" property="collection-type">series</meta><meta refines="#s" property="group-position">${volume}</meta></metadata>` +
        `<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>` +
        items.map((i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`).join('') +
        `</manifest><spine>${items.map((i) => `<itemref idref="c${i}"/>`).join('')}</spine></package>`,
    ),
    'OEBPS/nav.xhtml': encode(
      `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>toc</title></head><body><nav epub:type="toc"><ol>` +
        items.map((i) => `<li><a href="c${i}.xhtml">Chapter ${(volume - 1) * chapters + i}</a></li>`).join('') +
        '</ol></nav></body></html>',
    ),
  };
  for (const i of items) {
    files[`OEBPS/c${i}.xhtml`] = encode(
      `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter ${i}</title></head><body><h1>Chapter ${(volume - 1) * chapters + i}</h1>` +
        `<p>${paragraph}</p><p>${paragraph}</p><p>${paragraph}</p></body></html>`,
    );
  }
  return zipSync(files);
}

/** Writes the library under `root`: answers how many chapters and pages it holds. */
export async function writeBenchLibrary(root: string) {
  const pages = await Promise.all(Array.from({ length: 12 }, (_, n) => pageImage(n)));
  const pagesOf = (seed: number) => Array.from({ length: PAGES_PER_CHAPTER }, (_, i) => pages[(seed + i) % pages.length]!);
  let pageCount = 0;
  for (let s = 1; s <= COMIC_SERIES; s += 1) {
    const folder = join(root, `Bench Comic ${s}`);
    await mkdir(folder, { recursive: true });
    for (let c = 1; c <= CBZ_PER_SERIES; c += 1) {
      const files: Record<string, Uint8Array> = {};
      pagesOf(s + c).forEach(
        (bytes, i) => (files[`${String(i + 1).padStart(3, '0')}.${bytes[0] === 0xff ? 'jpg' : 'png'}`] = bytes),
      );
      // Half with ComicInfo.xml, half named only by their file.
      if (c % 2) files['ComicInfo.xml'] = encode(comicInfo(`Bench Comic ${s}`, c, Math.ceil(c / 10)));
      await writeFile(join(folder, `Bench Comic ${s} c${String(c).padStart(3, '0')}.cbz`), zipSync(files, { level: 0 }));
      pageCount += PAGES_PER_CHAPTER;
    }
  }
  for (let s = 1; s <= FOLDER_SERIES; s += 1) {
    for (let c = 1; c <= FOLDERS_PER_SERIES; c += 1) {
      const folder = join(root, `Bench Strips ${s}`, `Chapter ${c}`);
      await mkdir(folder, { recursive: true });
      for (const [i, bytes] of pagesOf(s * 7 + c).entries()) {
        await writeFile(join(folder, `${i + 1}.${bytes[0] === 0xff ? 'jpg' : 'png'}`), bytes);
      }
      pageCount += PAGES_PER_CHAPTER;
    }
  }
  for (let s = 1; s <= NOVEL_SERIES; s += 1) {
    const folder = join(root, `Bench Novel ${s}`);
    await mkdir(folder, { recursive: true });
    for (let v = 1; v <= EPUBS_PER_NOVEL; v += 1) {
      await writeFile(join(folder, `Bench Novel ${s} Vol ${v}.epub`), novelEpub(`Bench Novel ${s}`, v, CHAPTERS_PER_EPUB));
    }
  }
  return { chapters: LIBRARY_CHAPTERS, pages: pageCount };
}

interface ChildResult {
  seconds: number;
  peakRssMb: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  failures: string[];
}

/** In the child: the import on a fresh embedded database, as `npm run import` runs it. */
async function importInChild(folder: string, dataDir: string, databaseUrl: string) {
  const lines: string[] = [];
  const started = performance.now();
  // The embedded database in a folder of its own, or the scratch PostgreSQL database the bench made.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  const code = await runImportCli(
    { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { folder, dryRun: false, publish: true },
    { print: (line) => lines.push(line), bar: null },
  );
  const seconds = (performance.now() - started) / 1000;
  const summary = lines.find((line) => /^created \d+ ·/.test(line)) ?? '';
  const count = (word: string) => Number(new RegExp(`${word} (\\d+)`).exec(summary)?.[1] ?? 0);
  const result: ChildResult = {
    seconds,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    failed: count('failed'),
    failures: code === 0 ? [] : lines.filter((line) => line.startsWith('  ')).slice(0, 5),
  };
  process.stdout.write(`BENCH_IMPORT ${JSON.stringify(result)}\n`);
}

function runChild(folder: string, dataDir: string, databaseUrl = ''): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(import.meta.url);
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--child', folder, dataDir, databaseUrl], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('BENCH_IMPORT '));
      if (!line) reject(new Error(`the import child exited ${code} without a result:\n${output.slice(-2000)}`));
      else resolve(JSON.parse(line.slice('BENCH_IMPORT '.length)) as ChildResult);
    });
  });
}

/** The bench's import row: the library imported once, then again (every chapter unchanged). Answers the failures. */
export async function benchImport(): Promise<number> {
  const root = await mkdtemp(join(tmpdir(), 'inkwell-bench-import-'));
  try {
    const library = join(root, 'library');
    const made = await writeBenchLibrary(library);
    const runs: (ChildResult & { run: string })[] = [];
    const twice = async (database: string, dataDir: string, url?: string) => {
      runs.push({ run: `${database}: first import`, ...(await runChild(library, dataDir, url)) });
      runs.push({ run: `${database}: second import`, ...(await runChild(library, dataDir, url)) });
    };
    await twice('PGlite', join(root, 'data'));
    if (postgresUrl) await withScratchDatabase(postgresUrl, (url) => twice('PostgreSQL', join(root, 'data-pg'), url));
    const rows = runs.map(({ run, seconds, peakRssMb, created, updated, unchanged, failed }) => ({
      import: run,
      chapters: made.chapters,
      pages: made.pages,
      seconds: Math.round(seconds * 10) / 10,
      'chapters/s': Math.round((made.chapters / seconds) * 10) / 10,
      'peak RSS MB': peakRssMb,
      created,
      updated,
      unchanged,
      failed,
    }));
    console.log(
      `Import of a ${made.chapters}-chapter mixed library (CBZ, folders of images, EPUB novels), published, each run in a process of its own:`,
    );
    console.table(rows);
    for (const failure of runs.flatMap((run) => run.failures)) console.log(failure);
    // Missed: an item failed, or a second run wrote something.
    return runs.filter((run, i) => run.failed > 0 || (i % 2 === 1 && run.created + run.updated > 0)).length;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  await importInChild(process.argv[3]!, process.argv[4]!, process.argv[5] ?? '');
  process.exit(0);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = (await benchImport()) > 0 ? 1 : 0;
}
