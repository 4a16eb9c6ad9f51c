import { useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form';
import { useT } from '../../lib/i18n/i18n-context';
import './messages';

/** What each two-factor form gets from the section: the last call's errors, its busy flag, and what to call. */
export interface TwoFactorFormProps<Args extends unknown[]> {
  errors: Record<string, string>;
  isBusy: boolean;
  onSubmit: (...args: Args) => void;
  onCancel: () => void;
}

/**
 * The authenticator app's code of a two-factor form: `handleSubmit` sends the six digits (spaces
 * dropped) or says on the field what is wrong.
 */
export function useAppCode(onSubmit: (code: string) => void) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = (): string | null => {
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t('profile.twoFactor.enterAppCode'));
      return null;
    }
    setError(null);
    return digits;
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = check();
    if (digits) onSubmit(digits);
  };
  return { code, setCode, error, handleSubmit };
}

/** The code field itself; `serverError` is the server's word on the code, shown unless a local one is. */
export function AppCodeField({
  appCode,
  serverError,
}: {
  appCode: ReturnType<typeof useAppCode>;
  serverError: string | undefined;
}) {
  const t = useT();
  return (
    <TextField
      label={t('profile.twoFactor.appCode')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={appCode.code}
      onChange={(event) => appCode.setCode(event.target.value)}
      error={appCode.error ?? serverError}
      hint={t('profile.twoFactor.appCodeHint')}
    />
  );
}

/** A two-factor form's buttons: its action (red where it lowers the account's protection) and Cancel. */
export function FormButtons({
  label,
  isBusy,
  onCancel,
  isDanger = false,
}: {
  label: string;
  isBusy: boolean;
  onCancel: () => void;
  isDanger?: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="submit"
        className={
          isDanger
            ? 'inline-flex items-center justify-center rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-60'
            : primaryButton
        }
        disabled={isBusy}
      >
        {label}
      </button>
      <button type="button" className={secondaryButton} onClick={onCancel}>
        {t('profile.twoFactor.cancel')}
      </button>
    </div>
  );
}
