import { fillPath, ROUTES, type AccountSession } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../test/render';
import { Toaster } from '../../components/toast/toaster';
import { EmailSection } from './email-section';
import { SessionsSection } from './sessions-section';

const ok = (data: unknown, message = 'ok') => Response.json({ success: true, data, message });
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, string>;

describe('E-mail address on /profile/me (issue 36 §2)', () => {
  it('asks for the new address with the password, shows a refused password on its field, then "check your new inbox"', async () => {
    const sent: Array<Record<string, string>> = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`POST ${ROUTES.emailChange.path}`]: (init) => {
        sent.push(body(init));
        if (body(init).password !== 'right-password-1') {
          const message = 'Your current password is not correct';
          return Response.json(
            { success: false, message, error: { code: 'validation_failed', message, fields: { password: message } } },
            { status: 400 },
          );
        }
        return Response.json({ success: true, message: 'Check the new address' }, { status: 202 });
      },
    });
    renderInApp(<EmailSection email="old@example.com" />);
    const section = await screen.findByRole('region', { name: 'E-mail address' });
    expect(within(section).getByTestId('current-email')).toHaveTextContent('old@example.com');
    fireEvent.click(within(section).getByRole('button', { name: 'Change e-mail address' }));

    // Checked in the page first: nothing is sent for a malformed address.
    fireEvent.change(within(section).getByLabelText('New e-mail address'), { target: { value: 'nope' } });
    fireEvent.change(within(section).getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send the confirmation link' }));
    expect(await within(section).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(within(section).getByLabelText('New e-mail address'), { target: { value: 'new@example.com' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send the confirmation link' }));
    expect(await within(section).findByText('Your current password is not correct')).toBeInTheDocument();
    expect(within(section).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(section).getByLabelText('Your password'), { target: { value: 'right-password-1' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send the confirmation link' }));
    expect(await within(section).findByText('Check your new inbox')).toBeInTheDocument();
    expect(within(section).getByText(/We sent a link to new@example\.com\./)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ newEmail: 'new@example.com', password: 'right-password-1' });
    // The address shown is still the account's until the link is followed.
    expect(within(section).getByTestId('current-email')).toHaveTextContent('old@example.com');
  });
});

describe('Where you’re signed in on /profile/me (issue 36 §2)', () => {
  it('lists the sessions in words, this device marked, and signs one out, then all the others', async () => {
    const session = (id: string, extra: Partial<AccountSession>): AccountSession => ({
      id,
      browser: 'Chrome',
      os: 'Windows',
      kind: 'desktop',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastSeenAt: new Date().toISOString(),
      isCurrent: false,
      ...extra,
    });
    let sessions = [
      session('00000000-0000-4000-8000-000000000001', { isCurrent: true }),
      session('00000000-0000-4000-8000-000000000002', { browser: 'Safari', os: 'iOS', kind: 'phone' }),
      session('00000000-0000-4000-8000-000000000003', { browser: null, os: null, kind: null }),
    ];
    const ended: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`GET ${ROUTES.sessions.path}`]: () => ok({ items: sessions }),
      [`DELETE ${fillPath(ROUTES.sessionRevoke.path, { id: sessions[1]!.id })}`]: () => {
        ended.push(sessions[1]!.id);
        sessions = sessions.filter((item) => item.id !== ended[0]);
        return ok(undefined);
      },
      [`POST ${ROUTES.sessionsRevokeOthers.path}`]: () => {
        const count = sessions.filter((item) => !item.isCurrent).length;
        sessions = sessions.filter((item) => item.isCurrent);
        return ok({ ended: count });
      },
    });
    renderInApp(
      <>
        <SessionsSection />
        <Toaster />
      </>,
    );
    const section = await screen.findByRole('region', { name: 'Where you’re signed in' });
    await waitFor(() => expect(within(section).getAllByTestId('session-row')).toHaveLength(3));
    const [here, phone, unknown] = within(section).getAllByTestId('session-row');
    expect(here).toHaveTextContent('Chrome on Windows');
    expect(here).toHaveTextContent('This device');
    expect(within(here!).queryByRole('button')).toBeNull();
    expect(phone).toHaveTextContent('Safari on iOS');
    expect(phone).not.toHaveTextContent('This device');
    expect(unknown).toHaveTextContent('Unknown device');

    fireEvent.click(within(phone!).getByRole('button', { name: 'Sign out of Safari on iOS' }));
    expect(await screen.findByText('Signed out of Safari on iOS.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByTestId('session-row')).toHaveLength(2));

    fireEvent.click(within(section).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out of 1 other device.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByTestId('session-row')).toHaveLength(1));
    expect(within(section).queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});
