import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { loadI18n } from '../../../lib/i18n/i18n';
import { toInput, valuesFrom } from './announcement-form';
import AnnouncementNewPage from './announcement-new-page';
import AnnouncementsListPage from './announcements-list-page';

const english = await loadI18n('en');
const t = (id: string, values?: Record<string, unknown>) => english._(id, values);

const TEAM = '/api/omegascans/secure/team';
const editor = { ...readerUser, id: 'e1', username: 'ed', role: 'editor' as const };
const created = {
  id: '00000000-0000-4000-8000-000000000009',
  slug: 'big-news',
  title: 'Big news',
  body: '<p>Hi</p>',
  excerpt: 'Hi',
  cover: null,
  publishedAt: null,
  pinned: true,
  state: 'draft',
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
};

describe('the announcement form’s dates', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  it('sends no date for a draft, a past or present one when published, and refuses a schedule in the past', () => {
    const base = valuesFrom();
    expect(toInput(t, { ...base, title: 'A', when: '2026-07-01T10:00' }, now).input.publishedAt).toBeNull();
    expect(toInput(t, { ...base, state: 'published' }, now).input.publishedAt).toBe(now.toISOString());
    expect(toInput(t, { ...base, state: 'published', when: '2099-01-01T00:00' }, now).input.publishedAt).toBe(now.toISOString());
    const past = toInput(t, { ...base, state: 'scheduled', when: '2020-01-01T00:00' }, now);
    expect(past.errors.publishedAt).toBe('Pick a time in the future');
    const future = toInput(t, { ...base, state: 'scheduled', when: '2099-01-01T00:00' }, now);
    expect(future.errors).toEqual({});
    expect(new Date(future.input.publishedAt!).getFullYear()).toBe(2099);
    expect(toInput(t, { ...base, slug: '  ' }, now).input.slug).toBeUndefined();
  });
});

describe('the new-announcement page', () => {
  it('checks the title before sending, then creates a pinned draft with the editor’s text and opens it', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`POST ${TEAM}/announcements`]: () => Response.json({ success: true, data: created }, { status: 201 }),
    });
    const { router } = renderRoutes(
      [
        { path: '/new', element: <AnnouncementNewPage /> },
        { path: '/Dashboard/Announcements/EditAnnouncements/:id', element: <p>edit page</p> },
      ],
      '/new',
    );
    expect(await screen.findByRole('textbox', { name: 'Announcement text' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create announcement' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Big news' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Pinned/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create announcement' }));
    expect(await screen.findByText('edit page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/Dashboard/Announcements/EditAnnouncements/${created.id}`);
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]!.body))).toMatchObject({ title: 'Big news', publishedAt: null, pinned: true });
  });

  it('shows a schedule’s date field and the server’s 409 on the slug', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`POST ${TEAM}/announcements`]: () =>
        Response.json(
          {
            success: false,
            message: 'Another announcement already uses this slug',
            error: {
              code: 'conflict',
              message: 'Another announcement already uses this slug',
              fields: { slug: 'Another announcement already uses this slug' },
            },
          },
          { status: 409 },
        ),
    });
    renderRoutes([{ path: '/new', element: <AnnouncementNewPage /> }], '/new');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Big news' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'scheduled' } });
    expect((screen.getByLabelText(/^Publish at \(your time, UTC/) as HTMLInputElement).value).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d$/,
    );
    fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'big-news' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create announcement' }));
    expect(await screen.findAllByText('Another announcement already uses this slug')).toHaveLength(2);
  });
});

describe('the announcements list', () => {
  it('lists with each state and filters by status and search through the URL', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`${TEAM}/announcements`]: () =>
        Response.json({
          success: true,
          data: {
            items: [{ ...created, body: undefined }],
            pagination: { page: 1, perPage: 20, total: 1, totalPages: 1 },
          },
        }),
    });
    const { router } = renderRoutes([{ path: '/list', element: <AnnouncementsListPage /> }], '/list');
    expect(await screen.findByRole('link', { name: /Big news/ })).toHaveAttribute(
      'href',
      `/Dashboard/Announcements/EditAnnouncements/${created.id}`,
    );
    expect(screen.getByText('draft')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'scheduled' } });
    await waitFor(() => expect(router.state.location.search).toBe('?state=scheduled'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('state=scheduled'))).toBe(true));
  });
});
