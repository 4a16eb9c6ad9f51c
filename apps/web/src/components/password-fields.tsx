// i18n: not yet in the catalogues (issue 35)
import { TextField } from './form';

/** What every form that sets a password says about it (the contract's passwordSchema checks it). */
export const PASSWORD_HINT = 'At least 8 characters. Avoid common passwords.';
export const PASSWORDS_DIFFER = 'The passwords do not match';

/** The confirmation's error, if the two do not match. */
export function confirmError(password: string, confirm: string): string | undefined {
  return confirm === password ? undefined : PASSWORDS_DIFFER;
}

/**
 * A new password and its confirmation, the same on sign-up, reset and change: one hint, one
 * mismatch message, the browser told it is a new password (so a password manager offers one).
 */
export function PasswordFields({
  name,
  isNew = false,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
}: {
  /** The password field's name (the form's key for it). */
  name: string;
  /** Replacing a password ("New password") rather than choosing the first. */
  isNew?: boolean;
  password: string;
  confirm: string;
  onPasswordChange(value: string): void;
  onConfirmChange(value: string): void;
  errors: { password?: string | undefined; confirm?: string | undefined };
}) {
  return (
    <>
      <TextField
        label={isNew ? 'New password' : 'Password'}
        name={name}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        error={errors.password}
        hint={PASSWORD_HINT}
      />
      <TextField
        label={isNew ? 'Confirm new password' : 'Confirm password'}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirmChange(event.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
