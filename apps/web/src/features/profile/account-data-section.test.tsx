import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../test/render';
import { Toaster } from '../../components/toast/toaster';
import { AccountDataSection } from './account-data-section';

const wrongPassword = 'Your password is not correct';

/** The account's calls: the export's file, and a deletion that wants `password` (and `code` with 2FA on). */
function mockAccount({ password, code }: { password: string; code?: string }) {
  const deletions: Record<string, string>[] = [];
  const fetchMock = mockApi({
    [ROUTES.verify.path]: verifyAs(readerUser),
    [`POST ${ROUTES.logout.path}`]: () => Response.json({ success: true, message: 'Logged out' }),
    [`GET ${ROUTES.accountExport.path}`]: () =>
      new Response(JSON.stringify({ format: 'inkwell-export/1' }), {
        headers: {
          'content-type': 'application/json',
          'content-disposition': 'attachment; filename="inkwell-export-reader_one-2026-11-29.json"',
        },
      }),
    [`DELETE ${ROUTES.accountDelete.path}`]: (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, string>;
      deletions.push(body);
      if (body.password !== password || body.code !== code) {
        return Response.json(
          {
            success: false,
            message: wrongPassword,
            error: { code: 'validation_failed', message: wrongPassword, fields: { password: wrongPassword } },
          },
          { status: 400 },
        );
      }
      return Response.json({ success: true, data: { deleted: true }, message: 'Account deleted' });
    },
  });
  return { deletions, fetchMock };
}

function renderSection(hasTwoFactor: boolean) {
  return renderRoutes(
    [
      {
        path: '/profile/me',
        element: (
          <>
            <AccountDataSection hasTwoFactor={hasTwoFactor} />
            <Toaster />
          </>
        ),
      },
      {
        path: '/',
        element: (
          <>
            <p>Home</p>
            <Toaster />
          </>
        ),
      },
    ],
    '/profile/me',
  );
}

describe('Your data in /profile/me (issue 36 §3)', () => {
  it('downloads the export under the name the server gives', async () => {
    mockAccount({ password: 'secret-words' });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderSection(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was downloaded as inkwell-export-reader_one-2026-11-29.json.')).toBeTruthy();
    expect(click).toHaveBeenCalledOnce();
    expect(createObjectURL).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it('deletes only with DELETE typed and the password, shows the server’s word, then says goodbye at home', async () => {
    const { deletions } = mockAccount({ password: 'secret-words' });
    const { router } = renderSection(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const form = screen.getByTestId('delete-account-form');
    expect(within(form).queryByLabelText(/authenticator/)).toBeNull();
    const submit = within(form).getByRole('button', { name: 'Delete my account forever' }) as HTMLButtonElement;
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await within(form).findByText(wrongPassword)).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'secret-words' } });
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(/Your account has been deleted and you are signed out/)).toBeTruthy();
    expect(deletions).toEqual([{ password: 'wrong' }, { password: 'secret-words' }]);
  });

  it('asks for the two-factor code when it is on', async () => {
    const { deletions } = mockAccount({ password: 'secret-words', code: '123456' });
    renderSection(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const form = screen.getByTestId('delete-account-form');
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'secret-words' } });
    fireEvent.change(within(form).getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Delete my account forever' }));
    expect(await within(form).findByText('Enter the code from your app, or a recovery code.')).toBeTruthy();
    expect(deletions).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Code from your authenticator app or a recovery code'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Delete my account forever' }));
    await waitFor(() => expect(deletions).toEqual([{ password: 'secret-words', code: '123456' }]));
  });
});
