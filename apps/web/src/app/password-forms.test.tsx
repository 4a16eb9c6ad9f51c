import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../test/render';
import RegisterPage from '../features/auth/pages/register-page';
import ResetPasswordPage from '../features/auth/pages/reset-password-page';
import ChangePasswordPage from '../features/profile/pages/change-password-page';

afterEach(() => document.body.replaceChildren());

/** Sign-up, reset and change: the same hint, and the same answer to a confirmation that differs. */
const FORMS: { name: string; page: ReactElement; user: typeof readerUser | null; label: RegExp; submit: string }[] = [
  { name: 'sign-up', page: <RegisterPage />, user: null, label: /^Password$/, submit: 'Create account' },
  { name: 'reset', page: <ResetPasswordPage />, user: null, label: /^New password$/, submit: 'Set new password' },
  { name: 'change', page: <ChangePasswordPage />, user: readerUser, label: /^New password$/, submit: 'Change password' },
];

describe('the password fields', () => {
  for (const form of FORMS) {
    it(`say the same on ${form.name}: one hint, one mismatch message`, async () => {
      mockApi({ '/api/proxy/public/verify': verifyAs(form.user) });
      renderRoutes([{ path: '/form', element: form.page }], '/form?token=abc');
      const password = await screen.findByLabelText(form.label);
      expect(password).toHaveAttribute('autocomplete', 'new-password');
      expect(screen.getByText('At least 8 characters. Avoid common passwords.')).toBeInTheDocument();

      fireEvent.change(password, { target: { value: 'amber-lantern-71' } });
      fireEvent.change(screen.getByLabelText(/^Confirm/), { target: { value: 'amber-lantern-72' } });
      fireEvent.click(screen.getByRole('button', { name: form.submit }));
      expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    });
  }
});
