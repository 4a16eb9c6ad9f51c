import { emailChangeRequestSchema } from '@inkwell/contract';
import { Mail, MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { fieldErrors, FormAlert, TextField } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n-context';
import { requestEmailChange } from './api/account-security';
import './messages';

type Step = { kind: 'idle' } | { kind: 'form' } | { kind: 'sent'; email: string };

/** The change form: the new address and the password; the server's refusal shown by its field. */
function EmailChangeForm({ onSent, onCancel }: { onSent(email: string): void; onCancel(): void }) {
  const t = useT();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);

  const submit = async () => {
    const parsed = emailChangeRequestSchema.safeParse({ newEmail, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, t));
      return;
    }
    setIsBusy(true);
    setErrors({});
    try {
      await requestEmailChange(parsed.data.newEmail, parsed.data.password);
      onSent(parsed.data.newEmail);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fields ?? {};
        setErrors(Object.keys(fields).length > 0 ? fields : { form: error.message });
      } else {
        setErrors({ form: t('profile.email.networkError') });
      }
      setIsBusy(false);
    }
  };

  return (
    <form
      className="mt-4 space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
      <TextField
        label={t('profile.email.newAddress')}
        type="email"
        name="newEmail"
        autoComplete="email"
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
        error={errors.newEmail}
        required
      />
      <TextField
        label={t('profile.email.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint={t('profile.email.passwordHint')}
        required
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isBusy} className={primaryButton}>
          {t('profile.email.send')}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          {t('profile.email.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * /profile/me's "E-mail address" (issue 36 §2): the address the account has, and changing it with
 * the password. The change happens when the link mailed to the new address is followed, so the
 * form ends on "check your new inbox"; the old address is told then, with a way to undo it.
 */
export function EmailSection({ email }: { email: string }) {
  const t = useT();
  const headingId = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  return (
    <section className="rounded-xl border border-ink-800 bg-ink-900 p-4" aria-labelledby={headingId} data-testid="email-section">
      <h3 id={headingId} className="flex items-center gap-2 text-xs uppercase tracking-wider text-zinc-400">
        <Mail className="size-4" aria-hidden />
        {t('profile.email.heading')}
      </h3>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 break-all text-sm text-zinc-100" data-testid="current-email">
          {email}
        </p>
        {step.kind === 'idle' && (
          <button type="button" onClick={() => setStep({ kind: 'form' })} className={secondaryButton}>
            {t('profile.email.change')}
          </button>
        )}
      </div>
      {step.kind === 'form' && (
        <EmailChangeForm onSent={(sent) => setStep({ kind: 'sent', email: sent })} onCancel={() => setStep({ kind: 'idle' })} />
      )}
      {step.kind === 'sent' && (
        <div className="mt-4 space-y-3" role="status">
          <p className="flex items-center gap-2 font-semibold text-emerald-200">
            <MailCheck className="size-5" aria-hidden />
            {t('profile.email.checkInbox')}
          </p>
          <p className="text-sm text-zinc-300">{t('profile.email.sent', { email: step.email })}</p>
          <p className="text-sm text-zinc-400">{t('profile.email.sentHint')}</p>
          <button type="button" onClick={() => setStep({ kind: 'idle' })} className={secondaryButton}>
            {t('profile.email.done')}
          </button>
        </div>
      )}
    </section>
  );
}
