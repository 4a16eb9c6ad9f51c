import type { CreditRole } from '@inkwell/contract';
import type { PlannedCredit } from '../plan';
import { creditsOf, splitList, uniqueCredits } from './credits';
import { chapterNumber } from './filenames';
import { defined, languageOf, nonEmpty, websiteOf, yearOf, type ChapterHints, type SeriesHints } from './hints';
import { childElements, elementsNamed, firstText, localName, parseXml, textOf } from './xml';

/** ComicInfo's people, as our credits name them (several fields may say the same role). */
const ROLES: Record<string, CreditRole> = {
  writer: 'writer',
  penciller: 'artist',
  inker: 'artist',
  colorist: 'artist',
  letterer: 'letterer',
  translator: 'translator',
  editor: 'editor',
};

/** AgeRating values that mean adults only (ComicInfo's schema, v2.0/2.1). */
const ADULT_RATINGS = new Set(['adults only 18+', 'x18+', 'r18+']);

/** ComicInfo leaves a number out with -1; anything below zero is none. */
const numberOf = (text: string) => (text.trim().startsWith('-') ? null : chapterNumber(text));

/**
 * ComicInfo.xml (Anansi's schema, as Komga and Kavita read it). The fields about the series go to
 * the series (the plan keeps the first chapter's that has them); the rest to this chapter.
 */
export function readComicInfo(xml: string): { series: SeriesHints; chapter: ChapterHints } {
  const document = parseXml(xml);
  const root = elementsNamed(document, 'comicinfo')[0];
  if (!root) return { series: {}, chapter: {} };
  const field = (name: string) => firstText(root, name.toLowerCase());
  const credits: PlannedCredit[] = [];
  for (const element of childElements(root)) {
    const name = localName(element);
    // Own keys only: a field named like Object's own properties (constructor) is no role.
    const role = Object.hasOwn(ROLES, name) ? ROLES[name] : undefined;
    if (role) credits.push(...creditsOf(role, textOf(element)));
  }
  const year = numberOf(field('Year'));
  const month = numberOf(field('Month')) ?? 1;
  const day = numberOf(field('Day')) ?? 1;
  const releasedAt =
    year && yearOf(year)
      ? new Date(Date.UTC(year, Math.min(Math.max(month, 1), 12) - 1, Math.min(Math.max(day, 1), 31)))
      : undefined;
  const language = languageOf(field('LanguageISO'));
  const rating = field('AgeRating').toLowerCase();
  const manga = field('Manga').toLowerCase();
  return {
    series: defined<SeriesHints>({
      title: field('Series').slice(0, 200),
      description: field('Summary').slice(0, 5000),
      genres: nonEmpty([...splitList(field('Genre')), ...splitList(field('Tags'))]),
      language,
      isAdult: rating ? ADULT_RATINGS.has(rating) : undefined,
      readingDirection: manga === 'yesandrighttoleft' ? 'rtl' : manga ? 'ltr' : undefined,
      website: websiteOf(field('Web')),
      releaseYear: yearOf(year ?? undefined),
    }),
    chapter: defined<ChapterHints>({
      number: numberOf(field('Number')) ?? undefined,
      volume: numberOf(field('Volume')) ?? undefined,
      title: field('Title').slice(0, 200),
      credits: credits.length > 0 ? uniqueCredits(credits) : undefined,
      releasedAt,
      language,
    }),
  };
}
