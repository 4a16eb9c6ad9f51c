import type { TeamSeries } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../../test/render';
import { TEAM_SERIES_ID, teamSeriesFixture } from '../../../../../test/team-series';
import { Toaster } from '../../../../components/toast/toaster';
import RelationsSection from './relations-section';

// Issue 39 §5: the dashboard's relations of a series, and the chapter map edited as rows.

const TEAM = '/api/omegascans/secure/team';
const NOVEL_ID = '00000000-0000-4000-8000-0000000000b1';
const editor = { ...readerUser, role: 'editor' as const };
const ok = (data: unknown) => Response.json({ success: true, data });
const chapter = (id: string, number: number) =>
  ({
    id,
    number,
    title: number === 1 ? 'Beginnings' : '',
    slug: `chapter-${number}`,
  }) as unknown as TeamSeries['chapters'][number];
const comic = teamSeriesFixture({
  chapters: [chapter('00000000-0000-4000-8000-0000000000c1', 1), chapter('00000000-0000-4000-8000-0000000000c2', 2)],
});
const novel = teamSeriesFixture({
  id: NOVEL_ID,
  type: 'novel',
  title: 'The Novel',
  chapters: [chapter('00000000-0000-4000-8000-0000000000d1', 1), chapter('00000000-0000-4000-8000-0000000000d2', 2)],
});
const sourceRelation = (chapterMap: unknown[] = []) => ({
  kind: 'source',
  series: { id: NOVEL_ID, slug: 'the-novel', title: 'The Novel', type: 'novel', isPublished: true },
  chapterMap,
});

function renderSection(relations: unknown[]) {
  const fetchMock = mockApi({
    '/api/proxy/public/verify': verifyAs(editor),
    [`GET ${TEAM}/series/${TEAM_SERIES_ID}/relations`]: () => ok({ items: relations }),
    [`${TEAM}/series`]: () =>
      ok({ items: [{ ...novel, chapterCount: 2 }], pagination: { page: 1, perPage: 10, total: 1, totalPages: 1 } }),
    [`${TEAM}/series/${NOVEL_ID}`]: () => ok(novel),
    [`PUT ${TEAM}/series/${TEAM_SERIES_ID}/relations/${NOVEL_ID}`]: (init) => {
      const body = JSON.parse(String(init?.body)) as { chapterMap?: unknown[] };
      return ok(sourceRelation(body.chapterMap ?? []));
    },
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <RelationsSection series={comic} />
            <Toaster />
          </>
        ),
      },
    ],
    '/',
  );
  return fetchMock;
}
const sent = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

describe('a series’ relations on its dashboard page (issue 39 §5)', () => {
  it('adds a relation to a series found by its title', async () => {
    const fetchMock = renderSection([]);
    const section = await screen.findByTestId('relations-section');
    fireEvent.change(within(section).getByLabelText('Find a series'), { target: { value: 'Novel' } });
    const choice = within(section).getByLabelText('Series');
    await within(choice).findByRole('option', { name: 'The Novel' });
    fireEvent.change(choice, { target: { value: NOVEL_ID } });
    fireEvent.change(within(section).getByLabelText('It is this series’…'), { target: { value: 'source' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add relation' }));
    expect(await screen.findByText('Relation added')).toBeInTheDocument();
    expect(sent(fetchMock)).toEqual([{ kind: 'source' }]);
  });

  it('edits the chapter map as rows of chapter ↔ chapter and saves the complete ones', async () => {
    const fetchMock = renderSection([sourceRelation()]);
    const row = await screen.findByText(/The Novel/, { selector: 'span' });
    expect(row).toHaveTextContent('Source: The Novel');
    expect(row).toHaveTextContent('no chapters mapped');
    fireEvent.click(screen.getByRole('button', { name: 'Chapter map with The Novel' }));
    const map = await screen.findByTestId('chapter-map');
    fireEvent.click(within(map).getByRole('button', { name: 'Add a row' }));
    fireEvent.click(within(map).getByRole('button', { name: 'Add a row' }));
    const theirs = within(map).getByLabelText('Chapter of The Novel, row 1');
    await within(theirs).findByRole('option', { name: 'Chapter 2' });
    fireEvent.change(within(map).getByLabelText('This series’ chapter, row 1'), { target: { value: comic.chapters[0]!.id } });
    fireEvent.change(theirs, { target: { value: novel.chapters[1]!.id } });
    // The second row is left half done: it is not sent.
    fireEvent.change(within(map).getByLabelText('This series’ chapter, row 2'), { target: { value: comic.chapters[1]!.id } });
    fireEvent.click(within(map).getByRole('button', { name: 'Save chapter map' }));
    expect(await screen.findByText('Chapter map saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent(fetchMock)).toEqual([
        { kind: 'source', chapterMap: [{ chapterId: comic.chapters[0]!.id, relatedChapterId: novel.chapters[1]!.id }] },
      ]),
    );
  });
});
