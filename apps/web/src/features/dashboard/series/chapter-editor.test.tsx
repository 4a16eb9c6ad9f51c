import type { TeamChapter } from '@inkwell/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { ChapterEditor } from './chapter-editor';

const TEAM = '/api/omegascans/secure/team';
const SERIES_ID = '00000000-0000-4000-8000-000000000001';
const CHAPTER_ID = '00000000-0000-4000-8000-000000000011';
const editor = {
  id: 'e1',
  role: 'editor' as const,
  email: 'ed@example.com',
  username: 'ed',
  coins: 0,
  membership: null,
  isPremium: false,
  avatarUrl: null,
};

const chapter = (overrides: Partial<TeamChapter> = {}): TeamChapter => ({
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
  ...overrides,
});

const sent = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([, init]) => JSON.parse(String(init!.body)));

function renderEditor(props: { seriesType: 'comic' | 'novel'; chapterId?: string }) {
  return renderRoutes([
    { path: '/', element: <ChapterEditor seriesId={SERIES_ID} nextNumber={1} onDone={() => {}} {...props} /> },
  ]);
}

describe('the chapter editor’s paywall preview', () => {
  it('asks a priced comic chapter how many pages readers see before the lock, and sends previewPages', async () => {
    let answer = () =>
      Response.json(
        {
          success: false,
          message: 'previewPages: At most 50 preview pages',
          error: {
            code: 'validation_failed',
            message: 'previewPages: At most 50 preview pages',
            fields: { previewPages: 'The chapter has 2 pages' },
          },
        },
        { status: 400 },
      );
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`POST ${TEAM}/series/${SERIES_ID}/chapters`]: () => answer(),
    });
    renderEditor({ seriesType: 'comic' });
    await screen.findByRole('form', { name: 'New chapter' });
    expect(screen.queryByLabelText('Preview pages')).toBeNull();

    fireEvent.change(screen.getByLabelText('Price (coins)'), { target: { value: '30' } });
    const field = screen.getByLabelText('Preview pages');
    expect(field).toHaveAccessibleDescription(/What readers see before the lock/);
    fireEvent.change(field, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create chapter' }));
    expect(await screen.findByText('At most 50 preview pages')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create chapter' }));
    expect(await screen.findByText('The chapter has 2 pages')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')[0]).toMatchObject({ price: 30, previewPages: 3 });
    expect(sent(fetchMock, 'POST')[0]).not.toHaveProperty('previewPercent');

    answer = () => Response.json({ success: true, data: chapter({ price: 30, previewPages: 3 }) }, { status: 201 });
    fireEvent.click(screen.getByRole('button', { name: 'Create chapter' }));
    expect(await screen.findByRole('form', { name: 'Edit chapter 1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Preview pages')).toHaveValue('3');
  });

  it('asks a priced novel chapter for the share of its text, and sends previewPercent', async () => {
    const novel = chapter({ seriesType: 'novel', price: 10, previewPercent: 20, content: '<p>Once.</p>' });
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`GET ${TEAM}/chapters/${CHAPTER_ID}`]: () => Response.json({ success: true, data: novel }),
      [`PATCH ${TEAM}/chapters/${CHAPTER_ID}`]: (init) =>
        Response.json({ success: true, data: { ...novel, ...JSON.parse(String(init!.body)) } }),
    });
    renderEditor({ seriesType: 'novel', chapterId: CHAPTER_ID });
    const field = await screen.findByLabelText('Preview share of the text (%)');
    expect(field).toHaveValue('20');
    expect(screen.queryByLabelText('Preview pages')).toBeNull();
    fireEvent.change(field, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save chapter' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH')).toHaveLength(1));
    expect(sent(fetchMock, 'PATCH')[0]).toMatchObject({ price: 10, previewPercent: 25 });
    expect(sent(fetchMock, 'PATCH')[0]).not.toHaveProperty('previewPages');
  });
});

describe('the chapter editor’s safe starts (issue 33 §5, §6)', () => {
  it('starts a new priced comic chapter at one preview page, and keeps it a draft until it has pages', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(editor) });
    renderEditor({ seriesType: 'comic' });
    await screen.findByRole('form', { name: 'New chapter' });
    fireEvent.change(screen.getByLabelText('Price (coins)'), { target: { value: '30' } });
    expect(screen.getByLabelText('Preview pages')).toHaveValue('1');
    expect(screen.getByLabelText('Publish now')).toBeDisabled();
    expect(screen.getByLabelText('Schedule')).toBeDisabled();
    expect(screen.getByLabelText('Draft')).toHaveAccessibleDescription(/add its pages, then publish/);
  });

  it('names the time zone of its date-time fields, and shows the server’s refusal of an empty release', async () => {
    const scheduled = chapter({
      state: 'scheduled',
      publishedAt: '2030-01-01T10:00:00.000Z',
      pages: [{ id: '00000000-0000-4000-8000-000000000021', url: '/p.png', width: 10, height: 10 }],
      pageCount: 1,
    });
    mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`GET ${TEAM}/chapters/${CHAPTER_ID}`]: () => Response.json({ success: true, data: scheduled }),
      [`PATCH ${TEAM}/chapters/${CHAPTER_ID}`]: () =>
        Response.json(
          {
            success: false,
            message: 'Add at least one page before publishing or scheduling this chapter',
            error: {
              code: 'validation_failed',
              message: 'Add at least one page before publishing or scheduling this chapter',
              fields: { publishedAt: 'Add at least one page before publishing or scheduling this chapter' },
            },
          },
          { status: 400 },
        ),
    });
    renderEditor({ seriesType: 'comic', chapterId: CHAPTER_ID });
    const when = await screen.findByLabelText(/^Comes out at \(your time, UTC/);
    expect(screen.getByLabelText(/^Free for everyone from \(your time, UTC/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save chapter' }));
    await waitFor(() => expect(when).toHaveFocus());
    expect(when).toHaveAccessibleDescription(/at least one page/);
  });
});
