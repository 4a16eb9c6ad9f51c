import { describe, expect, it } from 'vitest';
import { comicInfo } from '../../../../../test/import-library';
import { readComicInfo } from './comicinfo';

describe('ComicInfo.xml', () => {
  it('gives the series its fields and the chapter its own', () => {
    const { series, chapter } = readComicInfo(
      comicInfo({
        Series: 'Night Watch',
        Number: '12.5',
        Volume: 3,
        Title: 'Embers',
        Summary: 'A city burns.',
        Writer: 'Ana & Bo',
        Colorist: 'Cy',
        Editor: 'Ed',
        Genre: 'Drama, Action & Adventure',
        Tags: 'Fire; City',
        LanguageISO: 'pt_BR',
        AgeRating: 'X18+',
        Manga: 'YesAndRightToLeft',
        Web: 'not-a-site https://night.example/watch',
        Year: 2019,
        Month: 11,
      }),
    );
    expect(series).toEqual({
      title: 'Night Watch',
      description: 'A city burns.',
      genres: ['Drama', 'Action & Adventure', 'Fire', 'City'],
      language: 'pt-BR',
      isAdult: true,
      readingDirection: 'rtl',
      website: 'https://night.example/watch',
      releaseYear: 2019,
    });
    expect(chapter).toEqual({
      number: 12.5,
      volume: 3,
      title: 'Embers',
      credits: [
        { role: 'writer', name: 'Ana' },
        { role: 'writer', name: 'Bo' },
        { role: 'artist', name: 'Cy' },
        { role: 'editor', name: 'Ed' },
      ],
      releasedAt: new Date(Date.UTC(2019, 10, 1)),
      language: 'pt-BR',
    });
  });

  it.each([
    ['Adults Only 18+', true],
    ['R18+', true],
    ['Mature 17+', false],
    ['Everyone', false],
  ])('reads the age rating %s', (rating, isAdult) => {
    expect(readComicInfo(comicInfo({ AgeRating: rating })).series.isAdult).toBe(isAdult);
  });

  it('leaves out what is not said, and -1 (ComicInfo for none)', () => {
    expect(readComicInfo(comicInfo({ Number: -1, Volume: -1, Manga: 'No' }))).toEqual({
      series: { readingDirection: 'ltr' },
      chapter: {},
    });
    expect(readComicInfo('<not-comic-info/>')).toEqual({ series: {}, chapter: {} });
  });
});
