import { callApiData } from '../../lib/api-client';
import type { ReaderSettings, SeriesReaderSettings } from '@inkwell/contract';

/** This device's stores (reader-settings.ts), passed in: that module loads this one. */
interface Store<T> {
  read(): T;
  update(patch: Partial<T>): void;
}
interface Stores {
  comic: Store<ReaderSettings['comic'] & { series?: Record<string, Partial<SeriesReaderSettings>> }>;
  novel: Store<ReaderSettings['novel']>;
}

// A signed-in reader's settings from their account (issue 39 §2), fetched as a series opens; this
// module loads then, not with the reader's first JavaScript.

/** The series asked for in this page load: once each, so a series opened again keeps the changes made since. */
const asked = new Set<string>();

/** The account's settings over this device's: its general choice, and its own for the series. */
export async function loadAccountSettings(seriesId: string, stores: Stores) {
  if (asked.has(seriesId)) return;
  asked.add(seriesId);
  try {
    const { comic, novel, series } = await callApiData('readerSettings', { query: { seriesId } });
    const kept = { ...stores.comic.read().series };
    if (series) kept[seriesId] = series;
    stores.comic.update({ ...comic, series: kept });
    stores.novel.update(novel);
  } catch {
    // Not reached (offline, signed out meanwhile): this device's settings stay, and the next page load asks again.
    asked.delete(seriesId);
  }
}
