import { describe, expect, it } from 'vitest';
import { chapterSummary } from '../../../test/series-chapters';
import { chapterOptionLabel } from './chapter-option-label';
import { formattersFor } from '../../lib/i18n/format';
import { loadI18n } from '../../lib/i18n/i18n';
import type { Translate } from '../../lib/i18n/i18n-context';

const english = await loadI18n('en');
const t: Translate = (id, values) => english._(id, values as never);
const format = formattersFor(t, 'en');

const chapter = (openUntil: string | null) => chapterSummary({ openUntil });

describe('a chapter’s line in the picker', () => {
  it('says a rented chapter is rented, and until which day; a bought one is unlocked', () => {
    expect(chapterOptionLabel(t, format, chapter('2026-11-29T18:00:00.000Z'))).toBe('Chapter 7 · rented until Nov 29, 2026');
    expect(chapterOptionLabel(t, format, chapter(null))).toBe('Chapter 7 · unlocked');
  });
});
