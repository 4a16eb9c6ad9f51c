import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { loadI18n } from '../../../lib/i18n/i18n';
import type { Translate } from '../../../lib/i18n/i18n-context';
import { ADMIN, adminUser, ok } from '../finances/test-data';
import AuditLogPage, { describeAction } from './audit-log-page';

const english = await loadI18n('en');
const t: Translate = (id, values) => english._(id, values as never);

describe('describeAction', () => {
  it('reads an endpoint name as a sentence', () => {
    expect(describeAction(t, 'teamSeriesCreate')).toBe('Series created');
    expect(describeAction(t, 'adminUserCoins')).toBe('User coins adjusted');
    expect(describeAction(t, 'adminPurchaseRefund')).toBe('Purchase refunded');
    expect(describeAction(t, 'teamCommentUpdate')).toBe('Comment updated');
    expect(describeAction(t, 'adminSiteConfigUpdate')).toBe('Site config updated');
  });
  it('shows named events plainly', () => {
    expect(describeAction(t, 'auth.two_factor_enabled')).toBe('auth two factor enabled');
  });
});

const PATH = '/Dashboard/AuditLog';
const entry = {
  id: '00000000-0000-4000-8000-000000000901',
  actor: { id: '00000000-0000-4000-8000-000000000902', username: 'nora', role: 'editor' },
  action: 'teamSeriesUpdate',
  method: 'PATCH',
  path: '/api/omegascans/secure/team/series/00000000-0000-4000-8000-000000000903',
  target: { type: 'series', id: '00000000-0000-4000-8000-000000000903', label: 'The Lantern Keeper' },
  details: { title: 'The Lantern Keeper', description: '' },
  changes: [
    { field: 'Title', from: 'The Lamp Keeper', to: 'The Lantern Keeper' },
    { field: 'Description', from: '15 characters', to: null },
  ],
  status: 200,
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  createdAt: '2026-11-22T10:31:00.000Z',
};

describe('the audit log page', () => {
  it('shows who did what to what, from where, and searches on the server', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/audit-log`]: ok({ items: [entry], pagination: { page: 1, perPage: 50, total: 1, totalPages: 1 } }),
    });
    renderRoutes([{ path: PATH, element: <AuditLogPage /> }], PATH);
    const [row] = await screen.findAllByTestId('audit-entry');
    expect(row).toHaveTextContent('Series updated');
    expect(row).toHaveTextContent('Series: The Lantern Keeper');
    // Names, not ids or API paths (issue 33 §14): those wait under Details.
    for (const shown of screen.getAllByText(entry.target.id, { exact: false })) expect(shown).not.toBeVisible();
    expect(row).toHaveTextContent('nora');
    expect(row).toHaveTextContent('Editor');
    expect(row).toHaveTextContent('from 203.0.113.7');
    // What changed, in words.
    const changes = screen.getAllByTestId('audit-change');
    expect(changes.map((change) => change.textContent)).toEqual([
      'Title: The Lamp Keeper → The Lantern Keeper',
      'Description: 15 characters → none',
    ]);
    fireEvent.change(screen.getByRole('searchbox', { name: /Search the audit log/ }), { target: { value: 'nora' } });
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url)).at(-1)).toBe(`${ADMIN}/audit-log?page=1&q=nora`));
  });
});
