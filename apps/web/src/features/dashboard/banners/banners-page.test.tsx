import type { TeamBanner } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import { adminUser, ok, refused } from '../finances/test-data';
import BannersPage from './banners-page';

const BANNERS = '/api/omegascans/secure/team/banners';

const banner = (overrides: Partial<TeamBanner> = {}): TeamBanner => ({
  id: '00000000-0000-4000-8000-000000000b01',
  title: 'Summer festival',
  subtitle: 'Free chapters all week',
  showText: true,
  link: '/SeriesView/the-lantern-keeper',
  position: 1,
  isActive: true,
  startsAt: '2026-07-01T00:00:00.000Z',
  endsAt: null,
  image: { url: 'https://cdn.example/banner.webp', width: 1600, height: 500 },
  ...overrides,
});
const noImage = banner({
  id: '00000000-0000-4000-8000-000000000b02',
  title: 'Winter sale',
  isActive: false,
  image: null,
  position: 2,
});

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/Dashboard/Series/Banners',
        element: (
          <>
            <BannersPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/Dashboard/Series/Banners',
  );
const sent = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

describe('the banners page', () => {
  it('lists the banners with their image, link, order, dates and whether they show', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(adminUser), [BANNERS]: ok([banner(), noImage]) });
    renderPage();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: 'Summer festival' })).toHaveAttribute(
      'src',
      'https://cdn.example/banner.webp',
    );
    expect(items[0]).toHaveTextContent('Link: /SeriesView/the-lantern-keeper');
    expect(items[0]).toHaveTextContent('Order 1 · from Jul 1, 2026');
    expect(within(items[0]!).getByText('Replace image')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Inactive');
    expect(items[1]).toHaveTextContent('No image: not shown yet');
    expect(within(items[1]!).getByText('Upload image')).toBeInTheDocument();
  });

  it('says when there are none, and offers a retry when they cannot be loaded', async () => {
    let fails = true;
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [BANNERS]: () => (fails ? refused(500, 'internal_error', 'Oops')() : ok([])()),
    });
    renderPage();
    expect(await screen.findByText('We could not load the banners.', {}, { timeout: 3000 })).toBeInTheDocument();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No banners yet.')).toBeInTheDocument();
  });

  it('creates a banner: the contract checks it first, then it is sent and the form starts again', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${BANNERS}`]: ok([]),
      [`POST ${BANNERS}`]: (init) => ok(banner({ ...JSON.parse(String(init!.body)), image: null }), 201)(),
    });
    renderPage();
    await screen.findByText('No banners yet.');
    const form = screen.getByRole('form', { name: 'New banner' });

    fireEvent.change(within(form).getByLabelText('Link'), { target: { value: '//elsewhere.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create banner' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Link')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Autumn drop' } });
    fireEvent.change(within(form).getByLabelText('Link'), { target: { value: '/browse' } });
    fireEvent.change(within(form).getByLabelText('Order'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create banner' }));
    expect(await screen.findByText('Autumn drop created. Upload its image to show it.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')[0]!.body).toMatchObject({
      title: 'Autumn drop',
      link: '/browse',
      position: 3,
      isActive: true,
    });
    expect(within(form).getByLabelText('Title')).toHaveValue('');
    expect(within(form).queryByText('Unsaved changes')).toBeNull();
  });

  it('edits a banner in place, and shows the server’s refusal by its field', async () => {
    let answer = refused(400, 'validation_failed', 'Invalid', { link: 'Links must stay on this site' });
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${BANNERS}`]: ok([banner()]),
      [`PATCH ${BANNERS}/${banner().id}`]: () => answer(),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Summer festival' }));
    const form = screen.getByRole('form', { name: 'Edit Summer festival' });
    expect(within(form).getByLabelText('Subtitle')).toHaveValue('Free chapters all week');

    fireEvent.change(within(form).getByLabelText('Subtitle'), { target: { value: 'Two free chapters a day' } });
    expect(within(form).getByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Save banner' }));
    expect(await within(form).findByText('Links must stay on this site')).toBeInTheDocument();

    answer = ok(banner({ subtitle: 'Two free chapters a day' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save banner' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Summer festival' })).toBeNull());
    expect(sent(fetchMock, 'PATCH').at(-1)!.body).toMatchObject({ subtitle: 'Two free chapters a day', position: 1 });
  });

  it('deletes a banner after asking once more, and says when the delete fails', async () => {
    let answer = refused(404, 'not_found', 'This banner no longer exists');
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${BANNERS}`]: ok([banner()]),
      [`DELETE ${BANNERS}/${banner().id}`]: () => answer(),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(sent(fetchMock, 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('This banner no longer exists')).toBeInTheDocument();

    answer = () => Response.json({ success: true, message: 'Deleted' });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(sent(fetchMock, 'DELETE')).toHaveLength(2));
    expect(sent(fetchMock, 'DELETE')[1]!.url).toBe(`${BANNERS}/${banner().id}`);
  });
});
