import type { Translate } from '../../lib/i18n/i18n-context';
import type { Formatters } from '../../lib/i18n/format';
import './messages';

/** An unhurried reader's pace, in words a minute (issue 33 §10). */
const WORDS_PER_MINUTE = 230;

/** The words of a chapter's HTML: its tags and entities set aside, every run of letters or digits between spaces. */
export function countWords(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|#160|#xa0);/gi, ' ')
    // Other entities are letters or punctuation inside a word ("don&#39;t"): they join, never split.
    .replace(/&[a-z0-9#]+;/gi, '');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** "2,340 words · 10 min": the length of a novel chapter, shown under its title (at least a minute). */
export function readingStats(html: string, t: Translate, format: Formatters): { words: number; minutes: number; label: string } {
  const words = countWords(html);
  const minutes = Math.max(1, Math.round(words / WORDS_PER_MINUTE));
  return { words, minutes, label: t('reader.stats', { count: words, words: format.count(words), minutes }) };
}

/** A chapter's leading heading (the title its text opens with), when it has one. */
const LEADING_HEADING = /^\s*<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>/i;

/**
 * The chapter's HTML with its length under its title: right after the heading the text opens
 * with, or first when it has none. The line holds only digits and words of ours, never the text's.
 */
export function withReadingStats(html: string, t: Translate, format: Formatters): string {
  const line = `<p class="reading-stats" data-testid="reading-stats">${readingStats(html, t, format).label}</p>`;
  const heading = LEADING_HEADING.exec(html)?.[0];
  return heading ? `${heading}${line}${html.slice(heading.length)}` : `${line}${html}`;
}
