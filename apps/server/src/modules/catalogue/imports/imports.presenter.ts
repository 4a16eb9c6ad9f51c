import type { Import, ImportItem } from '@inkwell/contract';
import type { ImportItemResult } from '../../../db/schema';
import type { Translate } from '../../../lib/i18n';
import type { ImportRow } from './imports.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * An item as the page shows it (its digest stays the server's): a failed item's reason said again
 * from its catalogue id and values in the language of whoever asks (`say`); the English one it was
 * recorded with is the shell's.
 */
const toImportItem = ({ hash: _hash, ...item }: ImportItemResult, say: Translate): ImportItem =>
  item.code?.startsWith('apiErrors.') ? { ...item, reason: say(item.code, item.values) } : item;

/** An import as the list shows it (without its items), with its series' title when it went into one. */
export function toImportSummary(row: Omit<ImportRow, 'items'>, seriesTitle: string | null): Omit<Import, 'items'> {
  return {
    id: row.id,
    origin: row.origin,
    source: row.source,
    seriesId: row.seriesId,
    seriesTitle,
    createdBy: row.createdBy,
    publish: row.publish,
    dryRun: row.dryRun,
    status: row.status,
    total: row.total,
    done: row.done,
    current: row.current,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: row.failed,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export const toImport = (row: ImportRow, seriesTitle: string | null, say: Translate): Import => ({
  ...toImportSummary(row, seriesTitle),
  items: row.items.map((item) => toImportItem(item, say)),
});
