import type { WalletEntry } from '@inkwell/contract';
import type { WalletRow } from './queries/ledger';

export function toWalletEntry({ entry, chapter, series }: WalletRow): WalletEntry {
  return {
    id: entry.id,
    delta: entry.delta,
    kind: entry.kind,
    balanceAfter: entry.balanceAfter,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
    chapter:
      chapter && series
        ? {
            id: chapter.id,
            slug: chapter.slug,
            number: chapter.number,
            title: chapter.title,
            seriesSlug: series.slug,
            seriesTitle: series.title,
          }
        : null,
  };
}
