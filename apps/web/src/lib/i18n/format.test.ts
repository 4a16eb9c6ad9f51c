import { describe, expect, it } from 'vitest';
import { countdown, formatDate, shortTimeFromNow, timeFromNow, timeLeft, chapterLabel } from '../time';
import { formatMoney } from '../money';
import { formatCount } from '../format-count';
import { formattersFor } from './format';
import { loadI18n } from './i18n';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const english = await loadI18n('en');
const portuguese = await loadI18n('pt-BR');
const spanish = await loadI18n('es');
const en = formattersFor((id, values) => english._(id, values as never), 'en');
const pt = formattersFor((id, values) => portuguese._(id, values as never), 'pt-BR');
const es = formattersFor((id, values) => spanish._(id, values as never), 'es');

const OFFSETS_MS = [
  -3e10, -5e9, -2.6e9, -1.3e9, -9e8, -6.1e8, -1.8e8, -9e7, -8.7e7, -7.2e6, -3.6e6, -1.2e5, -6e4, -5e3, 0, 5e3, 6e4, 3.6e6, 8.7e7,
  1.8e8, 6.1e8, 2.6e9, 3.2e10,
];

describe('the page’s formatters (issue 35 §1)', () => {
  it('say in English exactly what the English-only helpers said', () => {
    for (const offset of OFFSETS_MS) {
      const iso = new Date(NOW + offset).toISOString();
      expect(en.timeFromNow(iso, NOW), iso).toBe(timeFromNow(iso, NOW));
      expect(en.shortTimeFromNow(iso, NOW), iso).toBe(shortTimeFromNow(iso, NOW));
      expect(en.date(iso), iso).toBe(formatDate(iso));
    }
    for (const ms of [-1, 0, 999, 45_000, 13 * 60_000, 4 * 3.6e6 + 13 * 60_000, 2 * 86_400_000 + 4 * 3.6e6 + 13_000]) {
      expect(en.countdown(ms)).toBe(countdown(ms));
      expect(en.timeLeft(ms)).toBe(timeLeft(ms));
    }
    expect(en.money(499, 'usd')).toBe(formatMoney(499, 'usd'));
    expect(en.count(12_500)).toBe(formatCount(12_500));
    expect(en.chapterLabel({ number: 12, title: 'The Lantern' })).toBe(chapterLabel({ number: 12, title: 'The Lantern' }));
    expect(en.chapterLabel({ number: 3, title: '' })).toBe('Chapter 3');
  });

  it('say it in Portuguese and Spanish with their plurals, dates and money', () => {
    const daysAgo = new Date(NOW - 3 * 86_400_000).toISOString();
    expect(pt.timeFromNow(daysAgo, NOW)).toBe('há 3 dias');
    expect(es.timeFromNow(daysAgo, NOW)).toBe('hace 3 días');
    expect(pt.timeFromNow(new Date(NOW - 86_400_000).toISOString(), NOW)).toBe('ontem');
    expect(es.timeFromNow(new Date(NOW - 3_600_000).toISOString(), NOW)).toBe('hace 1 hora');
    expect(pt.date('2026-11-25T10:00:00Z')).toMatch(/25 de nov\.? de 2026/);
    expect(pt.money(499, 'brl')).toMatch(/R\$\s4,99/);
    expect(es.money(1000, 'eur')).toMatch(/10,00\s€/);
    expect(pt.count(12_500)).toBe('12.500');
    expect(es.chapterLabel({ number: 7, title: 'La linterna' })).toBe('Capítulo 7: La linterna');
  });
});
