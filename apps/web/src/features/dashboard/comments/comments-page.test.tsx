import { ROUTES, fillPath, type TeamComment } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import CommentsPage from './comments-page';

const PATH = '/Dashboard/Comments';
const editor = { ...readerUser, role: 'editor' as const };
const ok = (data: unknown) => () => Response.json({ success: true, data });

const troll = { id: '00000000-0000-4000-8000-0000000000b1', username: 'troll_9', role: 'reader' as const, avatarUrl: null };
const reported: TeamComment = {
  id: '00000000-0000-4000-8000-0000000000d1',
  body: '<img src=x onerror=alert(1)> you are all wrong',
  author: troll,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  editedAt: null,
  parentId: null,
  isSpoiler: false,
  hidden: false,
  reportCount: 2,
  reports: [
    { reason: 'Insults', createdAt: new Date().toISOString(), username: 'mira' },
    { reason: 'Spam', createdAt: new Date().toISOString(), username: 'oskar' },
  ],
  series: { id: '00000000-0000-4000-8000-0000000000e1', slug: 'the-lantern-keeper', title: 'The Lantern Keeper' },
  chapter: { id: '00000000-0000-4000-8000-0000000000f1', slug: 'chapter-3', number: 3 },
};

describe('the comments moderation page', () => {
  it('lists comments with where each belongs and its reports, as text; tabs and a user filter go to the server', async () => {
    const fetchMock = mockApi({
      [ROUTES.verify.path]: verifyAs(editor),
      [ROUTES.teamComments.path]: ok({ items: [reported], pagination: { page: 1, perPage: 30, total: 1, totalPages: 1 } }),
    });
    const { router, container } = renderRoutes([{ path: PATH, element: <CommentsPage /> }], PATH);
    const card = (await screen.findByText(/you are all wrong/)).closest('li')!;
    expect(card).toHaveTextContent('<img src=x onerror=alert(1)> you are all wrong');
    expect(container.querySelector('img')).toBeNull();
    expect(within(card).getByRole('link', { name: 'The Lantern Keeper · Chapter 3' })).toHaveAttribute(
      'href',
      `/SeriesView/the-lantern-keeper/chapter-3#comment-${reported.id}`,
    );
    expect(within(card).getByRole('list', { name: 'Reports' })).toHaveTextContent('mira: Insults');
    expect(card).toHaveTextContent('2 reports');

    fireEvent.click(screen.getByRole('tab', { name: 'Reported' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=reported'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('status=reported'))).toBe(true));

    fireEvent.click(within(card).getByRole('button', { name: "This user's other comments" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`userId=${troll.id}`))).toBe(true));
    expect(await screen.findByText(/^Comments by/)).toHaveTextContent('Comments by troll_9');
  });

  it('hides a comment, and deletes one after a confirmation', async () => {
    const sent: string[] = [];
    const itemPath = fillPath(ROUTES.teamCommentUpdate.path, { id: reported.id });
    mockApi({
      [ROUTES.verify.path]: verifyAs(editor),
      [ROUTES.teamComments.path]: ok({ items: [reported], pagination: { page: 1, perPage: 30, total: 1, totalPages: 1 } }),
      [`PATCH ${itemPath}`]: (init) => {
        sent.push(`PATCH ${String(init?.body)}`);
        return Response.json({ success: true, data: { ...reported, hidden: true }, message: 'Comment hidden' });
      },
      [`DELETE ${itemPath}`]: () => {
        sent.push('DELETE');
        return Response.json({ success: true, message: 'Comment deleted' });
      },
    });
    renderRoutes([{ path: PATH, element: <CommentsPage /> }], PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(sent).toEqual(['PATCH {"hidden":true}']));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this comment?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toEqual(['PATCH {"hidden":true}', 'DELETE']));
  });
});
