import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { PayeesEditor } from './payees-editor';

const ADMIN = '/api/omegascans/secure/admin';
const SERIES_ID = '00000000-0000-4000-8000-000000000001';
const MIRA = '00000000-0000-4000-8000-0000000000a1';
const JUN = '00000000-0000-4000-8000-0000000000a2';
const admin = { ...readerUser, id: 'admin-1', username: 'admin', role: 'admin' as const };
const user = (id: string, username: string) => ({
  id,
  username,
  email: `${username}@example.com`,
  role: 'reader',
  coins: 0,
  isBanned: false,
  isPremium: false,
  membership: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: null,
});

describe('the payees editor (issue 33 §11)', () => {
  it('finds payees by part of their name, speaks in %, and saves only a whole split', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(admin),
      [`GET ${ADMIN}/series/${SERIES_ID}/payees`]: () => Response.json({ success: true, data: { items: [] } }),
      [`GET ${ADMIN}/users`]: (_init, url) => {
        const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
        const all = [user(MIRA, 'mira_holt'), user(JUN, 'jun_seo')];
        return Response.json({
          success: true,
          data: {
            items: all.filter((u) => u.username.includes(q)),
            pagination: { page: 1, perPage: 25, total: 1, totalPages: 1 },
          },
        });
      },
      [`PUT ${ADMIN}/series/${SERIES_ID}/payees`]: (init) =>
        Response.json({
          success: true,
          data: {
            items: (JSON.parse(String(init!.body)) as { userId: string; role: string; shareBps: number }[]).map((p) => ({
              ...p,
              username: p.userId === MIRA ? 'mira_holt' : 'jun_seo',
            })),
          },
        }),
    });
    renderRoutes([{ path: '/', element: <PayeesEditor seriesId={SERIES_ID} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a payee' }));

    const picker = screen.getByRole('combobox', { name: 'User' });
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'mira' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: /mira_holt/ }));
    expect(picker).toHaveValue('mira_holt');
    fireEvent.change(screen.getByLabelText('Share (%)'), { target: { value: '70' } });

    const save = screen.getByRole('button', { name: 'Save payees' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Total: 70 % · 30 % is left to share out.');

    fireEvent.click(screen.getByRole('button', { name: 'Add a payee' }));
    const second = within(screen.getAllByTestId('payee-row')[1]!);
    fireEvent.change(second.getByLabelText('Share (%)'), { target: { value: '30' } });
    fireEvent.change(second.getByRole('combobox', { name: 'User' }), { target: { value: 'jun' } });
    expect(save).toHaveAccessibleDescription(/Choose each payee from the suggestions/);
    fireEvent.mouseDown(await screen.findByRole('option', { name: /jun_seo/ }));

    expect(save).toBeEnabled();
    expect(save).toHaveAccessibleDescription('Total: 100 %');
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    expect(JSON.parse(String(init!.body))).toEqual([
      { userId: MIRA, role: 'author', shareBps: 7000 },
      { userId: JUN, role: 'author', shareBps: 3000 },
    ]);
  });
});
