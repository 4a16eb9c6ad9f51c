import type { TwoFactorSetup } from '@inkwell/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { FormAlert, TextField } from '../../components/form';
import { useToast } from '../../components/toast/toast-context';
import { ApiError } from '../../lib/api-client';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorKey,
  twoFactorStatusQuery,
} from './api/two-factor';
import { useProfile } from './profile-context';

const CODE_HINT = 'The 6-digit code your authenticator app shows now.';
const NETWORK_ERROR = 'We could not reach Inkwell. Try again.';

/** A failed call's message for each field, and for the form. */
function errorsOf(error: unknown): Record<string, string> {
  if (error instanceof ApiError) return { ...(error.fields ?? {}), form: error.message };
  return { form: NETWORK_ERROR };
}

type Panel = 'none' | 'regenerate' | 'disable';

/**
 * /profile/me's "Two-factor sign-in" (issue 10 §2): set up an authenticator app (QR code or the
 * key by hand, confirmed with a code), the recovery codes shown once, new codes, turning it off.
 */
export function TwoFactorSection() {
  const status = useQuery(twoFactorStatusQuery());
  const client = useQueryClient();
  const { refresh: refreshProfile } = useProfile();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [panel, setPanel] = useState<Panel>('none');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);

  /** Runs a call with the busy flag and field errors; the status (and the profile's flag) is asked again after. */
  const run = async (call: () => Promise<void>) => {
    setIsBusy(true);
    setErrors({});
    try {
      await call();
      void client.invalidateQueries({ queryKey: twoFactorKey });
    } catch (error) {
      setErrors(errorsOf(error));
    }
    setIsBusy(false);
  };

  const beginSetup = () =>
    run(async () => {
      setSetup(await startTwoFactorSetup());
    });

  const confirmSetup = (code: string) =>
    run(async () => {
      const { recoveryCodes: codes } = await enableTwoFactor(code);
      setSetup(null);
      setRecoveryCodes(codes);
      void refreshProfile();
    });

  const newCodes = (code: string) =>
    run(async () => {
      const { recoveryCodes: codes } = await regenerateRecoveryCodes(code);
      setPanel('none');
      setRecoveryCodes(codes);
    });

  const turnOff = (password: string, code: string) =>
    run(async () => {
      await disableTwoFactor(password, code);
      setPanel('none');
      void refreshProfile();
    });

  const open = (next: Panel) => {
    setPanel(next);
    setErrors({});
  };

  const enabled = status.data?.enabled ?? false;
  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (status.isPending) {
    body = <p className="text-sm text-zinc-400">Loading…</p>;
  } else if (status.isError) {
    body = (
      <p role="alert" className="text-sm text-rose-300">
        Your two-factor setting could not be loaded.{' '}
        <button type="button" onClick={() => void status.refetch()} className="font-semibold text-accent-400 hover:underline">
          Try again
        </button>
      </p>
    );
  } else if (!enabled && setup) {
    body = (
      <SetupForm
        setup={setup}
        errors={errors}
        isBusy={isBusy}
        onSubmit={(code) => void confirmSetup(code)}
        onCancel={() => {
          setSetup(null);
          setErrors({});
        }}
      />
    );
  } else if (!enabled) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-zinc-400">
          Protect your account with a second step at sign-in: a code from an authenticator app on your phone (Google Authenticator,
          Authy, 1Password, Microsoft Authenticator and others).
        </p>
        {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
        <button type="button" className={primaryButton} disabled={isBusy} onClick={() => void beginSetup()}>
          <ShieldCheck className="size-4" aria-hidden /> Set up two-factor sign-in
        </button>
      </div>
    );
  } else {
    const left = status.data.recoveryCodesLeft;
    body = (
      <div className="space-y-4">
        <p className={`text-sm ${left <= 2 ? 'text-amber-200' : 'text-zinc-400'}`} data-testid="recovery-codes-left">
          {left === 0
            ? 'You have no recovery codes left. Create new ones so you can still sign in without your phone.'
            : `${left} recovery code${left === 1 ? '' : 's'} left.${left <= 2 ? ' Create new ones soon.' : ''}`}
        </p>
        {panel === 'none' && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondaryButton} onClick={() => open('regenerate')}>
              New recovery codes
            </button>
            <button type="button" className={secondaryButton} onClick={() => open('disable')}>
              <ShieldOff className="size-4" aria-hidden /> Turn off
            </button>
          </div>
        )}
        {panel === 'regenerate' && (
          <RegenerateForm errors={errors} isBusy={isBusy} onSubmit={(code) => void newCodes(code)} onCancel={() => open('none')} />
        )}
        {panel === 'disable' && (
          <DisableForm errors={errors} isBusy={isBusy} onSubmit={(password, code) => void turnOff(password, code)} onCancel={() => open('none')} />
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-2xl border border-ink-800 bg-ink-900 p-6" data-testid="two-factor-section">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 id="two-factor-heading" className="text-lg font-semibold text-white">
          Two-factor sign-in
        </h3>
        {status.isSuccess && (
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              enabled ? 'bg-emerald-500/15 text-emerald-300' : 'bg-ink-800 text-zinc-300'
            }`}
            data-testid="two-factor-state"
          >
            {enabled ? 'On' : 'Off'}
          </span>
        )}
      </div>
      {body}
    </section>
  );
}

/** Spaces every four characters, as authenticator apps show keys; the app ignores them. */
function groupKey(key: string): string {
  return key.match(/.{1,4}/g)?.join(' ') ?? key;
}

function SetupForm({
  setup,
  errors,
  isBusy,
  onSubmit,
  onCancel,
}: {
  setup: TwoFactorSetup;
  errors: Record<string, string>;
  isBusy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setError(null);
    onSubmit(digits);
  };
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-zinc-300">
        <li>
          Scan this QR code with your authenticator app.
          <img
            src={setup.qrCode}
            alt="QR code that adds your Inkwell account to an authenticator app"
            width={192}
            height={192}
            className="mt-3 rounded-lg bg-white p-2"
          />
        </li>
        <li>
          Or enter this key in the app by hand:
          <code className="mt-2 block break-all rounded-lg bg-ink-950 px-3 py-2 font-mono text-sm tracking-wider text-zinc-100" data-testid="two-factor-manual-key">
            {groupKey(setup.manualKey)}
          </code>
        </li>
        <li>Enter the code the app shows to confirm.</li>
      </ol>
      <form onSubmit={handleSubmit} className="max-w-xs space-y-3" noValidate>
        {errors.form && !errors.code && <FormAlert tone="error">{errors.form}</FormAlert>}
        <TextField
          label="Code from your app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error ?? errors.code}
          hint={CODE_HINT}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton} disabled={isBusy}>
            Turn on
          </button>
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

function RegenerateForm({
  errors,
  isBusy,
  onSubmit,
  onCancel,
}: {
  errors: Record<string, string>;
  isBusy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setError(null);
    onSubmit(digits);
  };
  return (
    <form onSubmit={handleSubmit} className="max-w-sm space-y-3 rounded-xl border border-ink-800 p-4" noValidate aria-label="New recovery codes">
      <p className="text-sm text-zinc-400">Your current recovery codes stop working once the new ones are made.</p>
      {errors.form && !errors.code && <FormAlert tone="error">{errors.form}</FormAlert>}
      <TextField
        label="Code from your app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? errors.code}
        hint={CODE_HINT}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={isBusy}>
          Create new codes
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DisableForm({
  errors,
  isBusy,
  onSubmit,
  onCancel,
}: {
  errors: Record<string, string>;
  isBusy: boolean;
  onSubmit: (password: string, code: string) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState({ password: '', code: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!form.password) next.password = 'Enter your password.';
    if (!form.code.trim()) next.code = 'Enter a code from your authenticator app or a recovery code.';
    setLocal(next);
    if (Object.keys(next).length === 0) onSubmit(form.password, form.code.trim());
  };
  const shown = { ...errors, ...local };
  return (
    <form onSubmit={handleSubmit} className="max-w-sm space-y-3 rounded-xl border border-ink-800 p-4" noValidate aria-label="Turn off two-factor sign-in">
      <p className="text-sm text-zinc-400">Without it, your password alone signs in to your account.</p>
      {shown.form && !shown.password && !shown.code && <FormAlert tone="error">{shown.form}</FormAlert>}
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        onChange={(event) => setForm({ ...form, password: event.target.value })}
        error={shown.password}
      />
      <TextField
        label="Code from your app or a recovery code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={form.code}
        onChange={(event) => setForm({ ...form, code: event.target.value })}
        error={shown.code}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="inline-flex items-center justify-center rounded-lg bg-rose-600 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-60"
          disabled={isBusy}
        >
          Turn off two-factor sign-in
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once: to copy or download before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const { profile } = useProfile();
  const text = [
    `Inkwell recovery codes${profile ? ` for ${profile.username}` : ''}`,
    'Each code signs you in once, in place of a code from your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ message: 'Recovery codes copied.', type: 'success', duration: 3000 });
    } catch {
      toast({ message: 'Copying did not work here: select the codes and copy them by hand.', type: 'error', duration: 5000 });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'inkwell-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <FormAlert tone="success">
        Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your phone.
      </FormAlert>
      <ul aria-label="Recovery codes" className="grid max-w-md grid-cols-2 gap-2 rounded-xl bg-ink-950 p-4 font-mono text-sm text-zinc-100">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden /> Copy codes
        </button>
        <button type="button" className={secondaryButton} onClick={download}>
          <Download className="size-4" aria-hidden /> Download as .txt
        </button>
        <button type="button" className={primaryButton} onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </div>
  );
}
