import { describe, expect, it } from 'vitest';
import { countWords, readingStats, withReadingStats } from './reading-stats';
import { formattersFor } from '../../lib/i18n/format';
import { loadI18n } from '../../lib/i18n/i18n';
import type { Translate } from '../../lib/i18n/i18n-context';

const english = await loadI18n('en');
const t: Translate = (id, values) => english._(id, values as never);
const format = formattersFor(t, 'en');

describe('a novel chapter’s length', () => {
  it('counts the words of the text, never its tags, and joins a word an entity sits inside', () => {
    expect(countWords('<p>The <em>quietest</em> town.</p><p>It rained.</p>')).toBe(5);
    expect(countWords('<p>Don&#39;t&nbsp;go &mdash; now</p>')).toBe(3);
    expect(countWords('<p><a href="/a-long-address">one</a> — two</p>')).toBe(2);
    expect(countWords('')).toBe(0);
  });

  it('reads at 230 words a minute, at least one minute, and says so', () => {
    expect(readingStats(`<p>${'word '.repeat(2340)}</p>`, t, format).label).toBe('2,340 words · 10 min');
    expect(readingStats('<p>Hello</p>', t, format).label).toBe('1 word · 1 min');
    expect(readingStats(`<p>${'word '.repeat(345)}</p>`, t, format).minutes).toBe(2);
  });

  it('puts the length right under the heading the text opens with, or first when it has none', () => {
    expect(withReadingStats('<h2>Chapter 1</h2><p>One two</p>', t, format)).toBe(
      '<h2>Chapter 1</h2><p class="reading-stats" data-testid="reading-stats">4 words · 1 min</p><p>One two</p>',
    );
    expect(withReadingStats('<p>One two</p>', t, format)).toMatch(
      /^<p class="reading-stats"[^>]*>2 words · 1 min<\/p><p>One two<\/p>$/,
    );
  });
});
