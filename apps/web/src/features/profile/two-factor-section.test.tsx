import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../test/render';
import { Toaster } from '../../components/toast/toaster';
import { TwoFactorSection } from './two-factor-section';

const CODES = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-${String(i).padStart(4, '0')}`);
const NEW_CODES = CODES.map((code) => code.replace('aaaa', 'zzzz'));
const MANUAL_KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const ok = (data: unknown, message = 'ok') => Response.json({ success: true, data, message });
const invalid = (field: string, message: string) =>
  Response.json(
    { success: false, message, error: { code: 'validation_failed', message, fields: { [field]: message } } },
    { status: 400 },
  );

/** The server's two-factor endpoints over one account's state. */
function mockTwoFactor(initial: { enabled: boolean; recoveryCodesLeft: number }) {
  const state = { ...initial };
  const sent: Record<string, unknown[]> = { enable: [], disable: [], codes: [] };
  const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, string>;
  mockApi({
    [ROUTES.verify.path]: verifyAs(readerUser),
    [ROUTES.profile.path]: () =>
      ok({
        ...readerUser,
        autoUnlock: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        avatarVersion: 0,
        twoFactorEnabled: state.enabled,
      }),
    [`GET ${ROUTES.twoFactorStatus.path}`]: () => ok(state),
    [`POST ${ROUTES.twoFactorSetup.path}`]: () =>
      ok({
        manualKey: MANUAL_KEY,
        otpauthUri: `otpauth://totp/Inkwell:reader_one?secret=${MANUAL_KEY}`,
        qrCode: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      }),
    [`POST ${ROUTES.twoFactorEnable.path}`]: (init) => {
      const { code } = body(init);
      sent.enable!.push(code);
      if (code !== '123456') return invalid('code', 'That code is not right. Check your authenticator app and try again.');
      Object.assign(state, { enabled: true, recoveryCodesLeft: 10 });
      return ok({ recoveryCodes: CODES });
    },
    [`POST ${ROUTES.twoFactorRecoveryCodes.path}`]: (init) => {
      sent.codes!.push(body(init));
      state.recoveryCodesLeft = 10;
      return ok({ recoveryCodes: NEW_CODES });
    },
    [`POST ${ROUTES.twoFactorDisable.path}`]: (init) => {
      const sentBody = body(init);
      sent.disable!.push(sentBody);
      if (sentBody.password !== 'secret-pass-1') return invalid('password', 'Your password is not correct');
      Object.assign(state, { enabled: false, recoveryCodesLeft: 0 });
      return ok(state);
    },
  });
  return sent;
}

const renderSection = () =>
  renderInApp(
    <>
      <TwoFactorSection />
      <Toaster />
    </>,
  );

describe('Two-factor sign-in in /profile/me (issue 10)', () => {
  it('sets up an authenticator app, confirms it with a code and shows the recovery codes once', async () => {
    const sent = mockTwoFactor({ enabled: false, recoveryCodesLeft: 0 });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });

    renderSection();
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await waitFor(() => expect(within(section).getByTestId('two-factor-state')).toHaveTextContent('Off'));
    fireEvent.click(within(section).getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = await within(section).findByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute('width', '192');
    expect(qr).toHaveAttribute('height', '192');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(section).getByTestId('two-factor-manual-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const code = within(section).getByLabelText('Code from your app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(sent.enable).toEqual([]);

    fireEvent.change(code, { target: { value: '999999' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText(/That code is not right/)).toBeInTheDocument();
    expect(within(section).getByLabelText('Code from your app')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(section).getByLabelText('Code from your app'), { target: { value: '123 456' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(sent.enable).toEqual(['999999', '123456']);

    fireEvent.click(within(section).getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const copied = String((writeText.mock.calls[0] as unknown[])[0]);
    for (const recovery of CODES) expect(copied).toContain(recovery);
    expect(await screen.findByText('Recovery codes copied.')).toBeInTheDocument();

    fireEvent.click(within(section).getByRole('button', { name: 'Download as .txt' }));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.download).toBe('inkwell-recovery-codes.txt');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toContain(CODES[9]);

    fireEvent.click(within(section).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(within(section).getByTestId('two-factor-state')).toHaveTextContent('On'));
    expect(within(section).getByTestId('recovery-codes-left')).toHaveTextContent('10 recovery codes left.');
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('makes new recovery codes with a code, and turns off with the password and a code', async () => {
    const sent = mockTwoFactor({ enabled: true, recoveryCodesLeft: 2 });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await waitFor(() =>
      expect(within(section).getByTestId('recovery-codes-left')).toHaveTextContent(
        '2 recovery codes left. Create new ones soon.',
      ),
    );

    fireEvent.click(within(section).getByRole('button', { name: 'New recovery codes' }));
    const regenerate = within(section).getByRole('form', { name: 'New recovery codes' });
    fireEvent.change(within(regenerate).getByLabelText('Code from your app'), { target: { value: '246810' } });
    fireEvent.click(within(regenerate).getByRole('button', { name: 'Create new codes' }));
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list).toHaveTextContent(NEW_CODES[0]!);
    expect(sent.codes).toEqual([{ code: '246810' }]);
    fireEvent.click(within(section).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(within(section).getByTestId('recovery-codes-left')).toHaveTextContent('10 recovery codes left.'));

    fireEvent.click(within(section).getByRole('button', { name: 'Turn off' }));
    const disable = within(section).getByRole('form', { name: 'Turn off two-factor sign-in' });
    fireEvent.click(within(disable).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await within(disable).findByText('Enter your password.')).toBeInTheDocument();
    expect(within(disable).getByText('Enter a code from your authenticator app or a recovery code.')).toBeInTheDocument();
    expect(sent.disable).toEqual([]);

    fireEvent.change(within(disable).getByLabelText('Password'), { target: { value: 'not-it' } });
    fireEvent.change(within(disable).getByLabelText('Code from your app or a recovery code'), {
      target: { value: 'aaaa-bbbb-cccc-0001' },
    });
    fireEvent.click(within(disable).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await within(disable).findByText('Your password is not correct')).toBeInTheDocument();

    fireEvent.change(within(disable).getByLabelText('Password'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(within(disable).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await waitFor(() => expect(within(section).getByTestId('two-factor-state')).toHaveTextContent('Off'));
    expect(within(section).getByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(sent.disable).toEqual([
      { password: 'not-it', code: 'aaaa-bbbb-cccc-0001' },
      { password: 'secret-pass-1', code: 'aaaa-bbbb-cccc-0001' },
    ]);
  });
});
