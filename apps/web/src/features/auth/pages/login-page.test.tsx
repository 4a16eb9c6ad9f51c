import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import LoginPage from './login-page';

const CHALLENGE = '00000000-0000-4000-8000-000000000001.1999999999.signature';
const twoFactorRequired = () =>
  Response.json(
    {
      success: false,
      message: 'Enter the code from your authenticator app to finish signing in.',
      error: { code: 'two_factor_required', message: 'Enter the code from your authenticator app to finish signing in.' },
      twoFactor: { challenge: CHALLENGE, expiresAt: '2099-01-01T00:00:00.000Z' },
    },
    { status: 403 },
  );
const failure = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Response.json({ success: false, message, error: { code, message, ...(fields ? { fields } : {}) } }, { status });

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    '/login',
  );
}

async function enterPassword() {
  await screen.findByRole('heading', { name: 'Log in' });
  fireEvent.change(screen.getByLabelText('E-mail or username'), { target: { value: 'reader_one' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('heading', { name: 'Two-factor sign-in' });
}

describe('login with two-factor sign-in (issue 10)', () => {
  it('asks for the code after a right password, then signs in as a normal login does', async () => {
    const sent: unknown[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(null),
      [`POST ${ROUTES.login.path}`]: twoFactorRequired,
      [`POST ${ROUTES.loginTwoFactor.path}`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return Response.json({ success: true, user: readerUser, message: 'Logged in successfully' });
      },
    });
    renderLogin();
    await enterPassword();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(sent).toEqual([{ challenge: CHALLENGE, code: '123456' }]);
  });

  it('checks the code’s form before sending, and shows the server’s message for a wrong one', async () => {
    let calls = 0;
    mockApi({
      [ROUTES.verify.path]: verifyAs(null),
      [`POST ${ROUTES.login.path}`]: twoFactorRequired,
      [`POST ${ROUTES.loginTwoFactor.path}`]: () => {
        calls += 1;
        return failure(401, 'invalid_credentials', 'That code is not right. Check your authenticator app and try again.', {
          code: 'x',
        });
      },
    });
    renderLogin();
    await enterPassword();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app.');
    expect(calls).toBe(0);

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That code is not right.'));
    expect(calls).toBe(1);
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
  });

  it('takes a recovery code instead, and can switch back', async () => {
    const sent: unknown[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(null),
      [`POST ${ROUTES.login.path}`]: twoFactorRequired,
      [`POST ${ROUTES.loginTwoFactor.path}`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return Response.json({ success: true, user: readerUser, message: 'Logged in successfully' });
      },
    });
    renderLogin();
    await enterPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: ' abcd-efgh-jkmn-pqrs ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(sent).toEqual([{ challenge: CHALLENGE, recoveryCode: 'abcd-efgh-jkmn-pqrs' }]);
  });

  it('goes back to the password when the challenge ran out, saying why; Back does so too', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(null),
      [`POST ${ROUTES.login.path}`]: twoFactorRequired,
      [`POST ${ROUTES.loginTwoFactor.path}`]: () =>
        failure(400, 'invalid_token', 'Your sign-in took too long. Enter your password again.'),
    });
    renderLogin();
    await enterPassword();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your sign-in took too long. Enter your password again.');
    expect(screen.getByLabelText('E-mail or username')).toHaveValue('reader_one');
    expect(screen.getByLabelText('Password')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an account without two-factor sign-in logs in at once, and a wrong password shows the server’s message', async () => {
    let answer = () => failure(401, 'invalid_credentials', 'Invalid e-mail, username or password');
    mockApi({
      [ROUTES.verify.path]: verifyAs(null),
      [`POST ${ROUTES.login.path}`]: () => answer(),
    });
    renderLogin();
    await screen.findByRole('heading', { name: 'Log in' });
    fireEvent.change(screen.getByLabelText('E-mail or username'), { target: { value: 'reader_one' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail, username or password');
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();

    answer = () => Response.json({ success: true, user: readerUser, message: 'Logged in successfully' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
