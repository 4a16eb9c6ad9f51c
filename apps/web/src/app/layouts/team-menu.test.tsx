import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../test/render';
import { TeamMenuButton } from './team-menu';

const editor = { ...readerUser, id: 'editor-1', username: 'editor_one', role: 'editor' as const };

describe('the dashboard menu on a phone (issue 33 §12)', () => {
  it('waits closed behind a Menu button, opens as a drawer with the role’s links, and closes on a link, Escape or its button', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(editor) });
    const { router } = renderRoutes(
      [
        { path: '/Dashboard', element: <TeamMenuButton /> },
        { path: '/Dashboard/Series/Series', element: <TeamMenuButton /> },
      ],
      '/Dashboard',
    );
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('button', { name: 'Close the menu' })).toHaveFocus();
    const menu = within(drawer).getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).queryByRole('link', { name: 'Users' })).toBeNull(); // admins only

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Series' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard/Series/Series'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
