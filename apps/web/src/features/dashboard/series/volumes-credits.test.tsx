import type { TeamChapter, TeamSeries } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { TEAM_SERIES_ID, teamSeriesFixture } from '../../../../test/team-series';
import { Toaster } from '../../../components/toast/toaster';
import { ChapterEditor } from './chapter-editor';
import SeriesEditPage from './series-edit-page';

// Issue 37 §2: the dashboard's volumes, credits, reading direction, site and renumbering.

const TEAM = '/api/omegascans/secure/team';
const SERIES_ID = TEAM_SERIES_ID;
const CHAPTER_ID = '00000000-0000-4000-8000-000000000011';
const ANA_ID = '00000000-0000-4000-8000-0000000000f1';
const editor = { ...readerUser, id: 'e1', role: 'editor' as const, username: 'ed' };
const admin = { ...readerUser, id: 'a1', role: 'admin' as const, username: 'boss' };

const teamChapter = (overrides: Partial<TeamChapter> = {}): TeamChapter => ({
  id: CHAPTER_ID,
  seriesId: SERIES_ID,
  seriesType: 'comic',
  slug: 'chapter-1',
  number: 1,
  title: '',
  publishedAt: null,
  price: 0,
  freeAt: null,
  access: 'free',
  state: 'draft',
  pageCount: 0,
  previewPages: 0,
  previewPercent: 0,
  content: null,
  pages: [],
  language: 'en',
  editions: [],
  volume: null,
  credits: [],
  ...overrides,
});

const bodies = (fetchMock: ReturnType<typeof mockApi>, method: string, path?: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === method && (!path || String(url).split('?')[0] === path))
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

function renderEditor(chapterId?: string) {
  return renderRoutes([
    {
      path: '/',
      element: <ChapterEditor seriesId={SERIES_ID} seriesType="comic" chapterId={chapterId} nextNumber={4} onDone={() => {}} />,
    },
  ]);
}

describe('the chapter form’s volume and credits', () => {
  it('sends the volume and the chapter’s own credits with a new chapter', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`POST ${TEAM}/series/${SERIES_ID}/chapters`]: () =>
        Response.json({ success: true, data: teamChapter({ number: 4, volume: 2 }) }, { status: 201 }),
    });
    renderEditor();
    await screen.findByRole('form', { name: 'New chapter' });
    fireEvent.change(screen.getByLabelText('Volume'), { target: { value: '2' } });
    const credits = screen.getByRole('group', { name: 'This chapter’s credits' });
    fireEvent.click(within(credits).getByRole('button', { name: 'Add credit' }));
    fireEvent.change(within(credits).getByRole('combobox', { name: 'Role' }), { target: { value: 'translator' } });
    fireEvent.change(within(credits).getByRole('textbox', { name: 'Name to credit' }), { target: { value: 'Ana Lima' } });
    // An editor cannot look accounts up: no account field.
    expect(within(credits).queryByRole('textbox', { name: /Account/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create chapter' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST')).toHaveLength(1));
    expect(bodies(fetchMock, 'POST')[0]).toMatchObject({
      number: 4,
      volume: 2,
      credits: [{ role: 'translator', name: 'Ana Lima', userId: null }],
    });
  });

  it('shows a chapter’s volume and credits, and sends none when they are emptied', async () => {
    const saved = teamChapter({
      volume: 3,
      credits: [{ role: 'letterer', name: 'Kai', userId: ANA_ID, username: 'kai_letters' }],
    });
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`${TEAM}/chapters/${CHAPTER_ID}`]: () => Response.json({ success: true, data: saved }),
      [`PATCH ${TEAM}/chapters/${CHAPTER_ID}`]: () => Response.json({ success: true, data: teamChapter() }),
    });
    renderEditor(CHAPTER_ID);
    expect(await screen.findByLabelText('Volume')).toHaveValue('3');
    const credits = screen.getByRole('group', { name: 'This chapter’s credits' });
    expect(within(credits).getByRole('combobox', { name: 'Role' })).toHaveValue('letterer');
    expect(within(credits).getByRole('textbox', { name: 'Name to credit' })).toHaveValue('Kai');
    // A link made by an admin is kept, and said.
    expect(within(credits).getByText('Linked to kai_letters')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Volume'), { target: { value: '' } });
    fireEvent.click(within(credits).getByRole('button', { name: 'Remove credit 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save chapter' }));
    await waitFor(() => expect(bodies(fetchMock, 'PATCH')).toHaveLength(1));
    expect(bodies(fetchMock, 'PATCH')[0]).toMatchObject({ volume: null, credits: [] });
  });

  it('refuses a volume that is not a number before sending', async () => {
    const fetchMock = mockApi({ '/api/proxy/public/verify': verifyAs(editor) });
    renderEditor();
    await screen.findByRole('form', { name: 'New chapter' });
    fireEvent.change(screen.getByLabelText('Volume'), { target: { value: 'two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create chapter' }));
    expect(await screen.findByText('The volume is a number')).toBeInTheDocument();
    expect(bodies(fetchMock, 'POST')).toHaveLength(0);
  });

  it('lets an admin link a credit to an account by its username, and says when there is no such account', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(admin),
      '/api/omegascans/secure/admin/users': (_init, url) => {
        const q = new URL(url, 'http://localhost').searchParams.get('q');
        const items =
          q === 'ana'
            ? [
                {
                  id: '00000000-0000-4000-8000-0000000000f2',
                  username: 'ana_b',
                  email: 'b@x',
                  role: 'reader',
                  status: 'active',
                  coins: 0,
                  createdAt: '2026-01-01T00:00:00.000Z',
                },
                {
                  id: ANA_ID,
                  username: 'Ana',
                  email: 'a@x',
                  role: 'reader',
                  status: 'active',
                  coins: 0,
                  createdAt: '2026-01-01T00:00:00.000Z',
                },
              ]
            : [];
        return Response.json({
          success: true,
          data: { items, pagination: { page: 1, perPage: 20, total: items.length, totalPages: 1 } },
        });
      },
      [`POST ${TEAM}/series/${SERIES_ID}/chapters`]: () =>
        Response.json({ success: true, data: teamChapter({ number: 4 }) }, { status: 201 }),
    });
    renderEditor();
    await screen.findByRole('form', { name: 'New chapter' });
    const credits = screen.getByRole('group', { name: 'This chapter’s credits' });
    fireEvent.click(within(credits).getByRole('button', { name: 'Add credit' }));
    fireEvent.change(within(credits).getByRole('textbox', { name: 'Name to credit' }), { target: { value: 'Ana Lima' } });
    // The account field comes once the session says an admin is signed in.
    const account = await within(credits).findByRole('textbox', { name: 'Account (username, optional)' });
    fireEvent.change(account, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create chapter' }));
    expect(await screen.findByText(/No account is named “nobody”/)).toBeInTheDocument();
    expect(bodies(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.change(account, { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create chapter' }));
    await waitFor(() => expect(bodies(fetchMock, 'POST')).toHaveLength(1));
    // The account whose username is the one typed (in any case), not the first found.
    expect(bodies(fetchMock, 'POST')[0]).toMatchObject({ credits: [{ role: 'writer', name: 'Ana Lima', userId: ANA_ID }] });
  });
});

const row = (number: number, volume: number | null) => ({
  id: `00000000-0000-4000-8000-00000000010${number}`,
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: null,
  price: 0,
  freeAt: null,
  access: 'free' as const,
  state: 'draft' as const,
  pageCount: 0,
  volume,
});

const teamSeries = (over: Partial<TeamSeries> = {}): TeamSeries =>
  teamSeriesFixture({
    chapters: [row(4, null), row(3, 1), row(2, 1), row(1, 1)],
    credits: [{ role: 'writer', name: 'Mira Sol', userId: null, username: null }],
    ...over,
  });

function serveSeries(handlers: Record<string, Parameters<typeof mockApi>[0][string]> = {}, over: Partial<TeamSeries> = {}) {
  let series = teamSeries(over);
  const fetchMock = mockApi({
    '/api/proxy/public/verify': verifyAs(editor),
    [`${TEAM}/genres`]: () => Response.json({ success: true, data: [] }),
    [`${TEAM}/series/${SERIES_ID}/editions`]: () => Response.json({ success: true, data: [] }),
    [`${TEAM}/series/${SERIES_ID}`]: () => Response.json({ success: true, data: series }),
    ...handlers,
  });
  renderRoutes(
    [
      {
        path: '/edit/:id',
        element: (
          <>
            <SeriesEditPage />
            <Toaster />
          </>
        ),
      },
    ],
    `/edit/${SERIES_ID}`,
  );
  return { fetchMock, setSeries: (next: TeamSeries) => (series = next) };
}

describe('the series form’s credits, reading direction and site', () => {
  it('sends the series’ default credits, a comic’s reading direction and its site', async () => {
    const { fetchMock } = serveSeries({
      [`PATCH ${TEAM}/series/${SERIES_ID}`]: () => Response.json({ success: true, data: teamSeries() }),
    });
    const form = await screen.findByRole('form', { name: 'Edit Ink and Ash' });
    const credits = within(form).getByRole('group', { name: 'Credits' });
    expect(within(credits).getByRole('textbox', { name: 'Name to credit' })).toHaveValue('Mira Sol');
    fireEvent.click(within(credits).getByRole('button', { name: 'Add credit' }));
    const names = within(credits).getAllByRole('textbox', { name: 'Name to credit' });
    fireEvent.change(names[1]!, { target: { value: 'Kenji' } });
    expect(within(credits).getAllByRole('combobox', { name: 'Role' })[1]).toHaveValue('artist');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Reading direction' }), { target: { value: 'rtl' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Website' }), { target: { value: 'https://ink.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save series' }));
    await waitFor(() => expect(bodies(fetchMock, 'PATCH')).toHaveLength(1));
    expect(bodies(fetchMock, 'PATCH')[0]).toMatchObject({
      readingDirection: 'rtl',
      website: 'https://ink.example',
      credits: [
        { role: 'writer', name: 'Mira Sol', userId: null },
        { role: 'artist', name: 'Kenji', userId: null },
      ],
    });
  });

  it('refuses a site that is not a web address before sending, and asks no direction of a novel', async () => {
    const { fetchMock } = serveSeries({}, { type: 'novel' });
    const form = await screen.findByRole('form', { name: 'Edit Ink and Ash' });
    expect(within(form).queryByRole('combobox', { name: 'Reading direction' })).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Website' }), { target: { value: 'ink.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save series' }));
    expect(await within(form).findByText('Write a full address starting with https://')).toBeInTheDocument();
    expect(bodies(fetchMock, 'PATCH')).toHaveLength(0);
  });
});

describe('the chapter list’s volumes and the Renumber dialog', () => {
  it('shows each chapter’s volume', async () => {
    serveSeries();
    const third = (await screen.findByText('Chapter 3')).closest('li')!;
    expect(within(third).getByTestId('chapter-volume')).toHaveTextContent('Vol. 1');
    expect(within(screen.getByText('Chapter 4').closest('li')!).queryByTestId('chapter-volume')).toBeNull();
  });

  it('previews how many chapters change, renumbers them, and shows the list as it is now', async () => {
    let asked = 0;
    const { fetchMock, setSeries } = serveSeries({
      [`POST ${TEAM}/series/${SERIES_ID}/chapters/renumber`]: () => {
        asked += 1;
        setSeries(teamSeries({ chapters: [row(4, 2), row(3, 2), row(2, 1), row(1, 1)] }));
        return Response.json({ success: true, data: { changed: 2 } });
      },
    });
    await screen.findByText('Chapter 3');
    fireEvent.click(screen.getByRole('button', { name: 'Renumber' }));
    const dialog = screen.getByRole('dialog', { name: 'Renumber chapters' });
    // The whole series' range to start with.
    expect(within(dialog).getByRole('textbox', { name: 'From chapter' })).toHaveValue('1');
    expect(within(dialog).getByRole('textbox', { name: 'To chapter' })).toHaveValue('4');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'From chapter' }), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Volume' }), { target: { value: '2' } });
    expect(within(dialog).getByTestId('renumber-preview')).toHaveTextContent('2 chapters will change.');
    // Chapter 3 is in volume 1 and chapter 4 in none: both move.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Volume' }), { target: { value: '1' } });
    expect(within(dialog).getByTestId('renumber-preview')).toHaveTextContent('1 chapter will change.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Volume' }), { target: { value: '2' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Renumber' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Renumber chapters' })).toBeNull());
    expect(asked).toBe(1);
    expect(bodies(fetchMock, 'POST', `${TEAM}/series/${SERIES_ID}/chapters/renumber`)).toEqual([{ from: 3, to: 4, volume: 2 }]);
    expect(await screen.findByText('2 chapters renumbered.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByText('Chapter 4').closest('li')!).getByTestId('chapter-volume')).toHaveTextContent('Vol. 2'),
    );
  });

  it('shifts numbers, warns of numbers already taken, and shows the server’s refusal in its field', async () => {
    const { fetchMock } = serveSeries({
      [`POST ${TEAM}/series/${SERIES_ID}/chapters/renumber`]: () =>
        Response.json(
          {
            success: false,
            message: 'Chapter 2 already exists',
            error: {
              code: 'validation_failed',
              message: 'Chapter 2 already exists',
              fields: { shiftBy: 'Chapter 2 already exists' },
            },
          },
          { status: 400 },
        ),
    });
    await screen.findByText('Chapter 3');
    fireEvent.click(screen.getByRole('button', { name: 'Renumber' }));
    const dialog = screen.getByRole('dialog', { name: 'Renumber chapters' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'From chapter' }), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Shift numbers' }));
    // Nothing to shift by yet: nothing to send.
    expect(within(dialog).getByRole('button', { name: 'Renumber' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Add to each number' }), { target: { value: '-1' } });
    expect(within(dialog).getByTestId('renumber-preview')).toHaveTextContent('2 chapters will change.');
    expect(dialog).toHaveTextContent('Chapter 2 already exists outside the range.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Renumber' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(within(dialog).getByRole('textbox', { name: 'Add to each number' })).toHaveAccessibleDescription(
      'Chapter 2 already exists',
    );
    expect(bodies(fetchMock, 'POST', `${TEAM}/series/${SERIES_ID}/chapters/renumber`)).toEqual([{ from: 3, to: 4, shiftBy: -1 }]);
  });
});
