import { ROUTES } from '@inkwell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../../test/render';
import ProfileMePage from './profile-me-page';

const ok = (data: unknown) => Response.json({ success: true, data, message: 'ok' });

describe('/profile/me', () => {
  it('offers the interface language in its own row, each language named in itself', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.profile.path]: () =>
        ok({
          ...readerUser,
          autoUnlock: false,
          createdAt: '2026-01-01T00:00:00.000Z',
          avatarVersion: 0,
          twoFactorEnabled: false,
        }),
      [`GET ${ROUTES.twoFactorStatus.path}`]: () => ok({ enabled: false, recoveryCodesLeft: 0 }),
    });
    renderInApp(<ProfileMePage />);
    const row = await screen.findByTestId('profile-language');
    expect(row).toHaveTextContent('Language');
    const select = within(row).getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(expect.arrayContaining(['English', 'Português (Brasil)', 'Español']));
  });
});
