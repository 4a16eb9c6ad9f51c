import { useT, type Translate } from '../lib/i18n/i18n-context';
import { TextField } from './form';
import '../lib/i18n/later-messages';

/** The confirmation's error, if the two do not match, in the page's language (its `t`). */
export function confirmError(password: string, confirm: string, t: Translate): string | undefined {
  if (confirm === password) return undefined;
  return t('common.components.password.mismatch');
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
  const t = useT();
  return (
    <>
      <TextField
        label={t(isNew ? 'common.components.password.new' : 'common.components.password.label')}
        name={name}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        error={errors.password}
        hint={t('common.components.password.hint')}
      />
      <TextField
        label={t(isNew ? 'common.components.password.confirmNew' : 'common.components.password.confirm')}
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
