import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../test/render';
import ProfileMePage from './pages/profile-me-page';

// Issue 36 §4: the reader's opt-in to series marked Adult, kept in their account (PATCH ME/preferences).

const ok = (data: unknown) => Response.json({ success: true, data, message: 'ok' });

function serve(showAdult: boolean) {
  const sent: unknown[] = [];
  const user = { ...readerUser, showAdult };
  mockApi({
    [ROUTES.verify.path]: verifyAs(user),
    [ROUTES.profile.path]: () =>
      ok({
        ...user,
        autoUnlock: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        avatarVersion: 0,
        twoFactorEnabled: false,
        locale: null,
        contentLanguages: [],
      }),
    [`GET ${ROUTES.twoFactorStatus.path}`]: () => ok({ enabled: false, recoveryCodesLeft: 0 }),
    [`PATCH ${ROUTES.preferencesUpdate.path}`]: (init) => {
      const body = JSON.parse(String(init?.body)) as { showAdult: boolean };
      sent.push(body);
      return ok({ locale: null, contentLanguages: [], showAdult: body.showAdult });
    },
  });
  renderInApp(<ProfileMePage />);
  return sent;
}

describe('Series for adults', () => {
  it('shows the reader’s opt-in and saves a change at once', async () => {
    const sent = serve(true);
    const section = await screen.findByTestId('adult-content');
    const box = within(section).getByRole('checkbox', { name: /Show series marked Adult/ });
    expect(box).toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(sent).toEqual([{ showAdult: false }]));
    await waitFor(() => expect(box).not.toBeChecked());
  });
});
