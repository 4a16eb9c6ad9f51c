import { ROUTES, type ProfileData } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../test/render';
import { PublicProfileSection } from './public-profile-section';

const profile: ProfileData = {
  ...readerUser,
  autoUnlock: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  avatarUrl: '/media/avatars/u1/abc-256.webp',
  avatarVersion: 3,
  bio: 'Old words',
  twoFactorEnabled: false,
  hasEarnings: false,
};

describe('the public profile section (issue 36 §1)', () => {
  it('shows the avatar with its version, and sends only what changed', async () => {
    const sent: unknown[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`PATCH ${ROUTES.profileUpdate.path}`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return Response.json({ success: true, data: { ...profile, bio: 'New words' }, message: 'ok' });
      },
    });
    renderInApp(<PublicProfileSection profile={profile} />);
    const section = await screen.findByTestId('public-profile');
    expect(within(section).getByRole('img', { name: 'Your avatar' })).toHaveAttribute(
      'src',
      '/media/avatars/u1/abc-256.webp?v=3',
    );
    expect(within(section).getByRole('button', { name: 'Save profile' })).toBeDisabled();
    const bio = within(section).getByLabelText('Bio');
    fireEvent.change(bio, { target: { value: 'New words' } });
    expect(within(section).getByText('9 / 300')).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sent).toEqual([{ bio: 'New words' }]));
  });

  it('says on its field what the contract or the server refuses', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`PATCH ${ROUTES.profileUpdate.path}`]: () =>
        Response.json(
          {
            success: false,
            error: { code: 'conflict', message: 'This username is taken', fields: { username: 'This username is taken' } },
          },
          { status: 409 },
        ),
    });
    renderInApp(<PublicProfileSection profile={profile} />);
    const section = await screen.findByTestId('public-profile');
    const username = within(section).getByLabelText('Username');
    fireEvent.change(username, { target: { value: 'root' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save profile' }));
    expect(await within(section).findByText('This username is reserved: choose another')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(username, { target: { value: 'someone_else' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save profile' }));
    expect(await within(section).findByText('This username is taken')).toBeInTheDocument();
  });

  it('refuses a file that is too big before sending it', async () => {
    const fetchMock = mockApi({ [ROUTES.verify.path]: verifyAs(readerUser) });
    renderInApp(<PublicProfileSection profile={{ ...profile, avatarUrl: null }} />);
    const input = await screen.findByTestId('avatar-file');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByTestId('avatar-error')).toHaveTextContent('This image is larger than 5 MB: choose a smaller one.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/avatar'))).toBe(false);
  });
});
