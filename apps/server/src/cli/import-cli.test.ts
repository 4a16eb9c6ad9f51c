import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comicInfo, page, writeTree, zip } from '../../test/import-library';
import { progressLine, runImportCli } from './import-cli';

// `npm run import` (issue 37 §1): its own database from the environment, a line per item when the
// output is not a terminal, a summary with each failure's path and reason, exit code 1 on a failure.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkwell-import-cli-'));
  const u8 = async (shade: number) => new Uint8Array(await page(shade));
  await writeTree(join(dir, 'library'), {
    'Shell Saga/c001.cbz': zip({ '1.png': await u8(1), 'ComicInfo.xml': comicInfo({ Number: 1, Title: 'First' }) }),
    'Shell Saga/c002.cbz': zip({ '1.png': await u8(2) }),
    'Shell Saga/c003.cbz': 'not an archive',
    'Other Saga/Chapter 1/1.png': await u8(3),
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('npm run import', () => {
  it('imports, says so item by item, sums up and exits 1 when an item failed; a second run leaves everything', async () => {
    // The embedded database in a folder of the test's own.
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
    const run = async (dryRun: boolean) => {
      const lines: string[] = [];
      const code = await runImportCli(
        { ...env, NODE_ENV: 'test', DATA_DIR: join(dir, 'data'), MEDIA_AVIF: '0' },
        { folder: join(dir, 'library'), dryRun, publish: false },
        { print: (line) => lines.push(line), bar: null },
      );
      return { code, lines };
    };

    const dry = await run(true);
    expect(dry.lines).toContain('Dry run, nothing written. Would be: created 5 · updated 0 · unchanged 0 · failed 1');

    const first = await run(false);
    expect(first.code).toBe(1);
    expect(first.lines).toContain('created   Shell Saga/c001.cbz');
    expect(first.lines).toContain('created 5 · updated 0 · unchanged 0 · failed 1');
    expect(first.lines.find((line) => line.startsWith('  Shell Saga/c003.cbz: '))).toMatch(/zip/i);

    const second = await run(false);
    expect(second.lines).toContain('created 0 · updated 0 · unchanged 5 · failed 1');
  }, 120_000);

  it('draws a bar that fits the terminal', () => {
    const line = progressLine({ done: 12, total: 48, current: 'A very long series name/and a long chapter file name.cbz' }, 60);
    expect(line.length).toBeLessThanOrEqual(60);
    expect(line).toMatch(/^\[######·+\] 12\/48 {2}…/);
  });
});
