import { resolve } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createLimiter } from '../lib/limiter-factory';
import type { ImportCounts, ImportProgress } from '../modules/catalogue/imports';

export interface ImportCliOptions {
  folder: string;
  dryRun: boolean;
  publish: boolean;
}

export interface ImportCliOutput {
  /** A line of the summary (stdout). */
  print(line: string): void;
  /** The progress bar's line, drawn over itself on a terminal this wide; null when the output is not one (plain lines then). */
  bar: { columns: number; draw(line: string): void } | null;
}

const BAR_WIDTH = 24;

/** The progress bar: `[#######·········]  312/1000  Moon Harbor/c015.cbz`. */
export function progressLine(progress: Pick<ImportProgress, 'done' | 'total' | 'current'>, columns = 80): string {
  const share = progress.total === 0 ? 1 : progress.done / progress.total;
  const filled = Math.round(share * BAR_WIDTH);
  const head = `[${'#'.repeat(filled)}${'·'.repeat(BAR_WIDTH - filled)}] ${String(progress.done).padStart(String(progress.total).length)}/${progress.total}`;
  const room = Math.max(0, columns - head.length - 3);
  const current = progress.current ?? '';
  return `${head}  ${current.length > room ? `…${current.slice(current.length - room + 1)}` : current}`;
}

function summaryLines(result: {
  counts: ImportCounts;
  items: { path: string; action: string; reason?: string }[];
  dryRun: boolean;
}) {
  const { counts } = result;
  const lines = [
    `${result.dryRun ? 'Dry run, nothing written. Would be: ' : ''}created ${counts.created} · updated ${counts.updated} · unchanged ${counts.unchanged} · failed ${counts.failed}`,
  ];
  const failed = result.items.filter((item) => item.action === 'failed');
  if (failed.length > 0) lines.push('', 'Failed:', ...failed.map((item) => `  ${item.path}: ${item.reason ?? 'failed'}`));
  return lines;
}

/**
 * `npm run import -- <folder>`: the folder imported on the configured database by this process.
 * It does not go through the job queue: the folder is on this machine's disk, which a server's
 * worker on another machine could not read, and the shell shows the progress as it goes and waits
 * for the summary. The import runs the same runner as the Import page's job, and is listed there.
 * Its writes are told to the running servers on the change bus, as the app's always are; the
 * pages' AVIF twins are queued for the servers' workers (this process runs none).
 */
export async function runImportCli(env: NodeJS.ProcessEnv, options: ImportCliOptions, output: ImportCliOutput): Promise<number> {
  const config = loadConfig(env);
  const database = await openDatabase(config);
  const limiter = createLimiter(config.redisUrl);
  try {
    await database.migrate();
    const app = await buildApp({ config, database, limiter, jobs: { runWorkers: false, runSchedules: false } });
    try {
      await app.ready();
      const folder = resolve(options.folder);
      let printed = 0;
      const result = await app.services.imports.importFolder(
        folder,
        { dryRun: options.dryRun, publish: options.publish },
        {
          onProgress: (progress) => {
            if (output.bar) {
              output.bar.draw(progressLine(progress, output.bar.columns - 1));
              return;
            }
            for (const item of progress.items.slice(printed)) output.print(`${item.action.padEnd(9)} ${item.path}`);
            printed = progress.items.length;
          },
        },
      );
      if (result.status === 'failed') {
        output.print(`The folder could not be read: ${result.error ?? 'unknown reason'}`);
        return 1;
      }
      for (const line of summaryLines({ ...result, dryRun: options.dryRun })) output.print(line);
      return result.counts.failed > 0 ? 1 : 0;
    } finally {
      await app.close();
    }
  } finally {
    await limiter.close();
    await database.close();
  }
}
