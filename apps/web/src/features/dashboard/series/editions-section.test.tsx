import type { TeamEdition } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { TEAM_SERIES_ID, teamSeriesFixture } from '../../../../test/team-series';
import { chapterRanges } from './editions-section';
import SeriesEditPage from './series-edit-page';

// Issue 35 §2: the dashboard lists a series' editions with what each lacks, and adds one.

const SERIES_ID = TEAM_SERIES_ID;
const editor = { ...readerUser, id: 'e1', role: 'editor' as const, username: 'ed' };

const chapter = (number: number) => ({
  id: `00000000-0000-4000-8000-00000000010${number}`,
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: '2026-07-01T12:00:00.000Z',
  price: 0,
  freeAt: null,
  access: 'free' as const,
  state: 'published' as const,
  pageCount: 0,
});

const TEAM_SERIES = teamSeriesFixture({ type: 'novel', chapters: [5, 4, 3, 2, 1].map(chapter) });

function serve() {
  const editions: TeamEdition[] = [
    { language: 'en', title: 'Ink and Ash', description: '', isOriginal: true, chapterCount: 5, missingChapterNumbers: [] },
    {
      language: 'es',
      title: 'Tinta y ceniza',
      description: '',
      isOriginal: false,
      chapterCount: 2,
      missingChapterNumbers: [3, 4, 5],
    },
  ];
  const created: unknown[] = [];
  mockApi({
    '/api/proxy/public/verify': verifyAs(editor),
    '/api/omegascans/secure/team/genres': () => Response.json({ success: true, data: [] }),
    [`/api/omegascans/secure/team/series/${SERIES_ID}`]: () => Response.json({ success: true, data: TEAM_SERIES }),
    [`GET /api/omegascans/secure/team/series/${SERIES_ID}/editions`]: () =>
      Response.json({ success: true, data: { items: editions } }),
    [`POST /api/omegascans/secure/team/series/${SERIES_ID}/editions`]: (init) => {
      const body = JSON.parse(String(init?.body)) as { language: string; title: string; description: string };
      created.push(body);
      const edition = { ...body, isOriginal: false, chapterCount: 0, missingChapterNumbers: [1, 2, 3, 4, 5] };
      editions.push(edition);
      return Response.json({ success: true, data: edition }, { status: 201 });
    },
  });
  renderRoutes([{ path: '/edit/:id', element: <SeriesEditPage /> }], `/edit/${SERIES_ID}`);
  return created;
}

describe('chapterRanges', () => {
  it('writes runs of whole chapter numbers as ranges, and a half chapter on its own', () => {
    expect(chapterRanges([5, 3, 4, 1, 9.5, 10])).toBe('1, 3–5, 9.5, 10');
    expect(chapterRanges([])).toBe('');
    expect(chapterRanges([7])).toBe('7');
  });
});

describe('the series editor’s editions', () => {
  it('lists each edition with the chapters it has and lacks, the original first', async () => {
    serve();
    const section = await screen.findByTestId('editions-section');
    const english = await within(section).findByTestId('edition-en');
    expect(english).toHaveTextContent('English');
    expect(english).toHaveTextContent('Original');
    expect(english).toHaveTextContent('5 of 5 chapters · Every chapter translated');
    expect(within(english).queryByRole('button', { name: /Delete/ })).toBeNull();
    const spanish = within(section).getByTestId('edition-es');
    expect(spanish).toHaveTextContent('Tinta y ceniza');
    expect(spanish).toHaveTextContent('2 of 5 chapters · Lacks chapters 3–5');
  });

  it('adds an edition in a language the series does not have yet', async () => {
    const created = serve();
    const section = await screen.findByTestId('editions-section');
    await within(section).findByTestId('edition-es');
    fireEvent.click(within(section).getByRole('button', { name: 'Add edition' }));
    const form = within(section).getByRole('form', { name: 'New edition' });
    const language = within(form).getByLabelText('Language');
    // Neither the original nor an edition it has is offered again.
    expect(within(language).queryByRole('option', { name: 'English' })).toBeNull();
    expect(within(language).queryByRole('option', { name: 'Spanish' })).toBeNull();
    fireEvent.change(language, { target: { value: 'pt-BR' } });
    fireEvent.change(within(form).getByLabelText('Title in this language'), { target: { value: 'Tinta e cinzas' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add edition' }));
    await waitFor(() => expect(created).toEqual([{ language: 'pt-BR', title: 'Tinta e cinzas', description: '' }]));
    const portuguese = await within(section).findByTestId('edition-pt-BR');
    expect(portuguese).toHaveTextContent('0 of 5 chapters · Lacks chapters 1–5');
  });
});
