import sharp from 'sharp';
import type { YearFigures } from '@inkwell/contract';
import type { Translate } from '../../../lib/i18n';

// The reader's yearly card (issue 39 §4): an SVG composed here in the site's colours (DESIGN's ink
// and violet accent, apps/web/src/index.css) and drawn to a 1200×630 PNG, the Open Graph size, by
// sharp. Only the system's sans-serif: no font or image is fetched. Every text put in is escaped.

const CARD_WIDTH = 1200;
const CARD_HEIGHT = 630;

const INK_950 = '#0c0a14';
const INK_900 = '#14111f';
const INK_700 = '#2a2542';
const ACCENT_300 = '#c4b5fd';
const ACCENT_500 = '#8b5cf6';
const MUTED = '#a1a1aa';

/** Text as SVG character data: the five XML specials escaped, and characters XML cannot hold dropped. */
function svgText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 allows no C0 controls but tab and newlines
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
  );
}

/** A title cut to fit its line. */
const fit = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** A time from opening to finishing, in the unit that reads best. */
function duration(ms: number | null, t: Translate): string {
  if (ms === null) return '—';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return t('feeds.yearCard.minutes', { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return t('feeds.yearCard.hours', { count: hours });
  return t('feeds.yearCard.days', { count: Math.round(hours / 24) });
}

/** The card's SVG: the reader's name and year, four figures, their top series and genres, and the weeks as bars. */
export function yearCardSvg(figures: Omit<YearFigures, 'timeZone'>, username: string, locale: string, t: Translate): string {
  const number = new Intl.NumberFormat(locale);
  const stats = [
    { value: number.format(figures.totals.chapters), label: t('feeds.yearCard.chapters') },
    { value: number.format(figures.totals.pages), label: t('feeds.yearCard.pages') },
    { value: number.format(figures.streaks.longest), label: t('feeds.yearCard.longestStreak') },
    { value: duration(figures.medianOpenToFinishMs, t), label: t('feeds.yearCard.openToFinish') },
  ];
  const statBoxes = stats
    .map(
      (stat, i) => `<g transform="translate(${60 + i * 275} 190)">
    <rect width="255" height="130" rx="18" fill="${INK_900}" stroke="${INK_700}"/>
    <text x="24" y="66" font-size="46" font-weight="700" fill="#ffffff">${svgText(fit(stat.value, 10))}</text>
    <text x="24" y="104" font-size="22" fill="${MUTED}">${svgText(fit(stat.label, 22))}</text>
  </g>`,
    )
    .join('\n  ');
  const series = figures.topSeries
    .slice(0, 3)
    .map(
      (each, i) =>
        `<text x="60" y="${420 + i * 40}" font-size="28" fill="#ffffff"><tspan fill="${ACCENT_300}" font-weight="700">${i + 1}</tspan>  ${svgText(fit(each.title, 34))}</text>`,
    )
    .join('\n  ');
  const genres = figures.topGenres
    .slice(0, 3)
    .map((each, i) => `<text x="700" y="${420 + i * 40}" font-size="28" fill="#ffffff">${svgText(fit(each.name, 26))}</text>`)
    .join('\n  ');
  const most = Math.max(1, ...figures.weeks.map((week) => week.chapters));
  const barWidth = (CARD_WIDTH - 120) / Math.max(1, figures.weeks.length);
  const bars = figures.weeks
    .map((week, i) => {
      const height = Math.round((week.chapters / most) * 50);
      return height > 0
        ? `<rect x="${(60 + i * barWidth).toFixed(1)}" y="${590 - height}" width="${(barWidth - 3).toFixed(1)}" height="${height}" rx="2" fill="${ACCENT_500}"/>`
        : '';
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="sans-serif">
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${INK_950}"/>
  <rect width="${CARD_WIDTH}" height="8" fill="${ACCENT_500}"/>
  <text x="60" y="82" font-size="30" font-weight="700" fill="${ACCENT_300}">Inkwell</text>
  <text x="60" y="146" font-size="48" font-weight="700" fill="#ffffff">${svgText(fit(t('feeds.yearCard.title', { username, year: String(figures.year) }), 44))}</text>
  ${statBoxes}
  <text x="60" y="375" font-size="20" fill="${MUTED}" letter-spacing="2">${svgText(t('feeds.yearCard.topSeries').toUpperCase())}</text>
  ${series}
  <text x="700" y="375" font-size="20" fill="${MUTED}" letter-spacing="2">${svgText(t('feeds.yearCard.topGenres').toUpperCase())}</text>
  ${genres}
  ${bars}
</svg>`;
}

/** The card as a PNG. */
export async function yearCardPng(...args: Parameters<typeof yearCardSvg>): Promise<Buffer> {
  return sharp(Buffer.from(yearCardSvg(...args)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
