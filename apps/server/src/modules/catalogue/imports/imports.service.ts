import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { type Import, isTeamRole } from '@inkwell/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { Jobs } from '../../platform/jobs';
import type { MediaStorage } from '../../platform/media';
import { memberRoleOn, seriesRolesOf } from '../../team/series-team';
import { chapterNumbersOf } from '../chapters';
import { findSeriesById } from '../series';
import { executeImport, type ExecuteHooks, HEARTBEAT_MS, type ImportSource, type PlanReader } from './execute';
import {
  claimImport,
  findImport,
  finishImport,
  insertImport,
  type ImportRow,
  listImports,
  releaseStalledImports,
} from './imports.repository';
import { toImport, toImportSummary } from './imports.presenter';
import { translatorFor, type Translate } from '../../../lib/i18n';
import { type CatalogueServices, importCatalogue } from './run/catalogue-door';
import { describeFailure } from './run/runner';
import { fetchUpload, storeUpload, uploadPrefix } from './upload';

export interface ImportsServiceDeps {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  jobs: Pick<Jobs, 'send'>;
  storage: MediaStorage;
  catalogue: CatalogueServices;
  readPlan: PlanReader;
}

/** Who asks: their id and site-wide role (a member of a series' team is otherwise a reader). */
export interface ImportCaller {
  id: string;
  role: string;
}

/** An upload's job may run long (a whole library): pg-boss takes it for lost only after this. */
const JOB_EXPIRE_SECONDS = 6 * 3600;
const LIST_SIZE = 20;

/** What an upload is by its name: a library (.zip of series folders) or one chapter file for a series. */
const kindOfName = (name: string) => {
  const extension = extname(name).toLowerCase();
  if (extension === '.zip') return 'library';
  if (extension === '.cbz' || extension === '.epub') return 'chapter';
  return null;
};

/**
 * Whether this caller may import this file: a library only for editors and admins (it creates
 * series); one chapter file into a series its team may add chapters to, published only by those
 * the series lets publish.
 */
async function authorizeUpload(
  db: Database,
  caller: ImportCaller,
  input: { seriesId?: string; publish: boolean; fileName: string },
) {
  const kind = kindOfName(input.fileName);
  if (!input.seriesId) {
    if (kind !== 'library') throw new AppError('unsupported_media_type', 'apiErrors.importRuns.libraryIsZip');
    if (!isTeamRole(caller.role)) throw new AppError('forbidden', 'apiErrors.importRuns.libraryForEditors');
    return;
  }
  if (kind !== 'chapter') throw new AppError('unsupported_media_type', 'apiErrors.importRuns.chapterFile');
  if (!(await findSeriesById(db, input.seriesId))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  if (isTeamRole(caller.role)) return;
  const member = await memberRoleOn(db, caller.id, input.seriesId);
  if (!member) throw new AppError('forbidden', 'apiErrors.noAccess');
  if (input.publish && member.role !== 'creator' && !member.canPublish) {
    throw new AppError('forbidden', 'apiErrors.importRuns.publishNotAllowed');
  }
}

/**
 * Imports (issue 37 §1): the shell's, run in its own process, and the Import page's uploads, kept in
 * media storage and run by the `imports.run` job on whichever instance claims the row first.
 */
export function createImportsService(deps: ImportsServiceDeps) {
  const { db, clock, logger, jobs, storage } = deps;
  const execute = {
    db,
    clock,
    catalogue: () => importCatalogue(db, deps.catalogue),
    readPlan: deps.readPlan,
    logError: (error: unknown, path: string) => logger.warn({ err: error, path }, 'an imported item failed'),
  };
  let stopping = false;

  async function titleOf(seriesId: string | null) {
    return seriesId ? ((await findSeriesById(db, seriesId))?.title ?? null) : null;
  }

  /** A member's series (null: an editor or an admin, who sees every import). */
  async function seriesOfCaller(caller: ImportCaller): Promise<Set<string> | null> {
    if (isTeamRole(caller.role)) return null;
    return new Set((await seriesRolesOf(db, caller.id)).map((role) => role.seriesId));
  }

  return {
    /**
     * The shell's import of a folder (`npm run import`), in this process rather than through the job
     * queue: the folder is on this machine's disk, which another instance's worker may not see, and
     * the shell shows its progress as it goes. Its row is in the Import page's list all the same.
     */
    async importFolder(folder: string, options: { dryRun: boolean; publish: boolean }, hooks: ExecuteHooks = {}) {
      const row = await insertImport(db, {
        origin: 'shell',
        source: folder,
        publish: options.publish,
        dryRun: options.dryRun,
        status: 'running',
        startedAt: clock.now(),
      });
      return { id: row.id, ...(await executeImport(execute, row, { kind: 'folder', path: folder }, hooks)) };
    },

    /**
     * The Import page's upload: the file is stored in pieces under the import's private key as it
     * arrives, checked against the caller's rights once its fields are known, and queued.
     */
    async upload(
      caller: ImportCaller,
      read: (store: (fileName: string, stream: Readable) => Promise<void>) => Promise<{ seriesId?: string; publish: boolean }>,
    ): Promise<Import> {
      const id = randomUUID();
      const prefix = uploadPrefix(id);
      let fileName: string | null = null;
      try {
        const fields = await read(async (name, stream) => {
          fileName = name;
          await storeUpload(storage, prefix, stream);
        });
        if (fileName === null) {
          throw new AppError('validation_failed', 'apiErrors.upload.chooseFile', {
            values: { file: 'archive' },
            fields: { file: 'apiErrors.upload.chooseFile' },
          });
        }
        await authorizeUpload(db, caller, { ...fields, fileName });
        const row = await insertImport(db, {
          id,
          createdBy: caller.id,
          origin: 'upload',
          source: fileName,
          seriesId: fields.seriesId ?? null,
          uploadKey: prefix,
          publish: fields.publish,
        });
        await jobs.send('imports.run', { importId: id }, { expireInSeconds: JOB_EXPIRE_SECONDS });
        // Just queued: no items yet, nothing to say.
        return toImport(row, await titleOf(row.seriesId), translatorFor('en'));
      } catch (error) {
        await storage.deletePrefix(`imports/${id}/`);
        throw error;
      }
    },

    /** The `imports.run` job: claims the import (one instance does), reads its file back from storage, runs it. */
    async runQueued(importId: string): Promise<void> {
      const row = await claimImport(db, importId, clock.now());
      if (!row) return;
      const file = join(tmpdir(), `inkwell-import-${row.id}${extname(row.source).toLowerCase()}`);
      let requeued = false;
      try {
        await fetchUpload(storage, row.uploadKey ?? uploadPrefix(row.id), file);
        const result = await executeImport(execute, row, await sourceOf(db, row, file), { shouldStop: () => stopping });
        if (result.status === 'queued') {
          requeued = true;
          await jobs.send('imports.run', { importId }, { startAfterSeconds: 5, expireInSeconds: JOB_EXPIRE_SECONDS });
        }
      } catch (error) {
        logger.error({ err: error, importId }, 'an import failed');
        await finishImport(db, row.id, { status: 'failed', error: describeFailure(error).reason, finishedAt: clock.now() });
      } finally {
        await rm(file, { force: true });
        if (!requeued) await storage.deletePrefix(`imports/${row.id}/`);
      }
    },

    /**
     * The `imports.recover-stalled` tick: an upload whose instance died mid-run (silent for six
     * heartbeats) is queued again and handed to the job, which resumes it; the shell's is ended.
     */
    async recoverStalled(): Promise<{ requeued: string[]; failed: string[] }> {
      const now = clock.now();
      const released = await releaseStalledImports(db, new Date(now.getTime() - HEARTBEAT_MS * 6), {
        now,
        error: 'The shell that ran this import stopped before it finished; run it again to go on.',
      });
      for (const importId of released.requeued) {
        await jobs.send('imports.run', { importId }, { expireInSeconds: JOB_EXPIRE_SECONDS });
      }
      if (released.requeued.length + released.failed.length > 0) logger.warn(released, 'stalled imports released');
      return released;
    },

    /** This instance is stopping (a deploy): a running import goes back to the queue at its next item. */
    pause() {
      stopping = true;
    },

    /** The newest imports: every one for editors and admins, a member's only those into their series. */
    async list(caller: ImportCaller): Promise<Omit<Import, 'items'>[]> {
      const mine = await seriesOfCaller(caller);
      const rows = await listImports(db, { limit: LIST_SIZE, ...(mine ? { seriesIds: [...mine] } : {}) });
      const titles = new Map<string, string | null>();
      for (const row of rows)
        if (row.seriesId && !titles.has(row.seriesId)) titles.set(row.seriesId, await titleOf(row.seriesId));
      return rows.map((row) => toImportSummary(row, row.seriesId ? (titles.get(row.seriesId) ?? null) : null));
    },

    /** One import with its items (the page polls it while it runs), their reasons said by `say`. */
    async get(caller: ImportCaller, id: string, say: Translate = translatorFor('en')): Promise<Import> {
      const row = await findImport(db, id);
      if (!row) throw new AppError('not_found', 'apiErrors.importRuns.notFound');
      const mine = await seriesOfCaller(caller);
      if (mine && !(row.seriesId && mine.has(row.seriesId))) throw new AppError('forbidden', 'apiErrors.noAccess');
      return toImport(row, await titleOf(row.seriesId), say);
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;

/** An uploaded import's file as the read side takes it: a library, or one chapter file for its series. */
async function sourceOf(db: Database, row: ImportRow, file: string): Promise<ImportSource> {
  if (!row.seriesId) return { kind: 'zip', file, name: row.source };
  const series = await findSeriesById(db, row.seriesId);
  if (!series) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  const numbers = await chapterNumbersOf(db, series.id);
  return { kind: 'file', file, name: row.source, series: { id: series.id, title: series.title, type: series.type, numbers } };
}
