import { COMMENT_MAX_CHARS, ROUTES, fillPath, type Comment } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../test/render';
import CommentsSection from './comments-section';
import { linkify } from './components/comment-text';

const CHAPTER_ID = '00000000-0000-4000-8000-0000000000c1';
const listPath = fillPath(ROUTES.chapterComments.path, { chapterId: CHAPTER_ID });
let sequence = 0;

function comment(overrides: Partial<Comment> = {}): Comment {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    body: `Comment ${sequence}`,
    author: { id: '00000000-0000-4000-8000-0000000000a1', username: 'moth', role: 'reader', avatarUrl: null },
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    editedAt: null,
    parentId: null,
    isSpoiler: false,
    isMine: false,
    canEditUntil: null,
    isDeleted: false,
    replies: [],
    replyCount: 0,
    ...overrides,
  };
}

const page =
  (items: Comment[], pageNumber = 1, totalPages = 1) =>
  () =>
    Response.json({
      success: true,
      data: { items, pagination: { page: pageNumber, perPage: 20, total: items.length, totalPages } },
    });

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const renderSection = () => renderInApp(<CommentsSection target={{ chapterId: CHAPTER_ID }} />, '/SeriesView/lantern/chapter-1');

describe('linkify', () => {
  it('makes http(s) addresses links and leaves everything else text', () => {
    expect(linkify('see https://example.com/a?b=1. or javascript:alert(1) and http://x.io')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', href: 'https://example.com/a?b=1', text: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. or javascript:alert(1) and ' },
      { kind: 'link', href: 'http://x.io', text: 'http://x.io' },
    ]);
    expect(linkify('<a href="javascript:alert(1)">x</a>')).toEqual([
      { kind: 'text', text: '<a href="javascript:alert(1)">x</a>' },
    ]);
  });
});

describe('the comments section', () => {
  it('renders what commenters typed as text: no script, image, handler or javascript: link comes alive', async () => {
    const body =
      '<script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">click</a> javascript:alert(4) https://example.com';
    mockApi({ [ROUTES.verify.path]: verifyAs(null), [listPath]: page([comment({ body })]) });
    const { container } = renderSection();
    const article = await screen.findByRole('article', { name: 'Comment by moth' });
    expect(article).toHaveTextContent(body);
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    const links = within(article).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com');
    expect(links[0]).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
  });

  it('asks a visitor to log in to comment, and shows no reply or report buttons', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(null), [listPath]: page([comment()]) });
    renderSection();
    expect(await screen.findByRole('link', { name: 'Log in to comment' })).toBeInTheDocument();
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps a spoiler covered until it is clicked', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(null),
      [listPath]: page([comment({ body: 'The lighthouse keeper dies', isSpoiler: true })]),
    });
    renderSection();
    const cover = await screen.findByRole('button', { name: /Spoiler/ });
    expect(screen.queryByText('The lighthouse keeper dies')).toBeNull();
    fireEvent.click(cover);
    expect(screen.getByText('The lighthouse keeper dies')).toBeInTheDocument();
  });

  it('counts characters, posts a comment with its spoiler mark and shows the list again', async () => {
    const sent: unknown[] = [];
    let items: Comment[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [listPath]: () => page(items)(),
      [`POST ${ROUTES.commentCreate.path}`]: (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        items = [comment({ body: body.body, isMine: true, author: { ...comment().author, username: readerUser.username } })];
        return Response.json({ success: true, data: items[0] }, { status: 201 });
      },
    });
    renderSection();
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    fireEvent.change(box, { target: { value: 'Loved it' } });
    expect(screen.getByText(`8 / ${COMMENT_MAX_CHARS.toLocaleString('en')}`)).toBeInTheDocument();
    expect(box).toHaveAttribute('maxlength', String(COMMENT_MAX_CHARS));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Spoiler' }));
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent).toEqual([{ chapterId: CHAPTER_ID, body: 'Loved it', isSpoiler: true }]));
    expect(await screen.findByRole('article', { name: `Comment by ${readerUser.username}` })).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('says why a comment was refused (too many comments)', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [listPath]: page([]),
      [`POST ${ROUTES.commentCreate.path}`]: () =>
        Response.json(
          {
            success: false,
            message: 'Too many attempts. Try again in 40 seconds.',
            error: { code: 'rate_limited', message: 'Too many attempts. Try again in 40 seconds.' },
          },
          { status: 429 },
        ),
    });
    renderSection();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Add a comment' }), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 40 seconds');
  });

  it('shows replies under their comment, offers edit only within the window, and loads more', async () => {
    const reply = comment({ body: 'A reply', parentId: 'p' });
    const mine = comment({
      body: 'Mine',
      isMine: true,
      canEditUntil: new Date(Date.now() + 60_000).toISOString(),
      replies: [reply],
      replyCount: 1,
    });
    const old = comment({ body: 'Old mine', isMine: true, canEditUntil: new Date(Date.now() - 1000).toISOString() });
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [listPath]: (_init, url) =>
        url?.includes('page=2') ? page([comment({ body: 'From page two' })], 2, 2)() : page([mine, old], 1, 2)(),
    });
    renderSection();
    const mineArticle = await screen.findByText('Mine');
    expect(mineArticle).toBeInTheDocument();
    expect(screen.getByText('A reply')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('From page two')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('brings the comment a link names (a reply notice) into view', async () => {
    const reply = comment({ body: 'The reply you were told about' });
    const scrolled = vi.fn();
    // jsdom does not scroll: the call is what is checked.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled(this.id);
    };
    mockApi({ [ROUTES.verify.path]: verifyAs(readerUser), [listPath]: page([comment({ replies: [reply], replyCount: 1 })]) });
    renderInApp(<CommentsSection target={{ chapterId: CHAPTER_ID }} />, `/SeriesView/lantern/chapter-1#comment-${reply.id}`);
    await screen.findByText('The reply you were told about');
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith(`comment-${reply.id}`));
  });

  it('reports a comment with a reason and says the team will look', async () => {
    const reports: unknown[] = [];
    const target = comment({ body: 'Rude words' });
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [listPath]: page([target]),
      [`POST ${fillPath(ROUTES.commentReport.path, { id: target.id })}`]: (init) => {
        reports.push(JSON.parse(String(init?.body)));
        return Response.json({ success: true, message: 'Thanks, the team will have a look' });
      },
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const send = screen.getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Why are you reporting this comment?' }), {
      target: { value: 'Insults' },
    });
    fireEvent.click(send);
    await waitFor(() => expect(reports).toEqual([{ reason: 'Insults' }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull());
  });

  it('deletes one’s own comment after a confirmation', async () => {
    const mine = comment({ body: 'Regrettable', isMine: true });
    let items = [mine];
    const deleted: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [listPath]: () => page(items)(),
      [`DELETE ${fillPath(ROUTES.commentDelete.path, { id: mine.id })}`]: () => {
        deleted.push(mine.id);
        items = [];
        return Response.json({ success: true, message: 'Comment deleted' });
      },
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No comments yet. Be the first.')).toBeInTheDocument();
    expect(deleted).toEqual([mine.id]);
  });
});
