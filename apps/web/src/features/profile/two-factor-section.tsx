import type { TwoFactorSetup } from '@inkwell/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { FormAlert } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { useT, type Translate } from '../../lib/i18n/i18n-context';
import { richText } from '../../lib/i18n/rich';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorKey,
  twoFactorStatusQuery,
} from './api/two-factor';
import { useProfile } from './profile-context';
import { RecoveryCodes } from './recovery-codes';
import { RegenerateCodesForm } from './regenerate-codes-form';
import { DisableTwoFactorForm } from './two-factor-disable-form';
import { TwoFactorSetupForm } from './two-factor-setup-form';
import './messages';

/** A failed call's message for each field, and for the form. */
function errorsOf(t: Translate, error: unknown): Record<string, string> {
  if (error instanceof ApiError) return { ...(error.fields ?? {}), form: error.message };
  return { form: t('profile.twoFactor.networkError') };
}

type Panel = 'none' | 'regenerate' | 'disable';

/**
 * The section's calls and what they leave on screen: the setup under way, new recovery codes (shown
 * once), the open panel, and the last call's errors.
 */
function useTwoFactorCalls() {
  const t = useT();
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
      setErrors(errorsOf(t, error));
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

  const cancelSetup = () => {
    setSetup(null);
    setErrors({});
  };

  const open = (next: Panel) => {
    setPanel(next);
    setErrors({});
  };

  return {
    setup,
    recoveryCodes,
    setRecoveryCodes,
    panel,
    errors,
    isBusy,
    beginSetup,
    confirmSetup,
    cancelSetup,
    newCodes,
    turnOff,
    open,
  };
}

/** Two-factor sign-in is on: the recovery codes left, and new codes or turning it off. */
function TwoFactorOn({
  codesLeft: left,
  panel,
  errors,
  isBusy,
  onOpen,
  onNewCodes,
  onTurnOff,
}: {
  codesLeft: number;
  panel: Panel;
  errors: Record<string, string>;
  isBusy: boolean;
  onOpen(panel: Panel): void;
  onNewCodes(code: string): void;
  onTurnOff(password: string, code: string): void;
}) {
  const t = useT();
  const is = (name: Panel) => panel === name;
  return (
    <div className="space-y-4">
      <p className={`text-sm ${left <= 2 ? 'text-amber-200' : 'text-zinc-400'}`} data-testid="recovery-codes-left">
        {left === 0
          ? t('profile.twoFactor.noCodesLeft')
          : left <= 2
            ? t('profile.twoFactor.fewCodesLeft', { count: left })
            : t('profile.twoFactor.codesLeft', { count: left })}
      </p>
      {is('none') && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} onClick={() => onOpen('regenerate')}>
            {t('profile.twoFactor.newCodes')}
          </button>
          <button type="button" className={secondaryButton} onClick={() => onOpen('disable')}>
            <ShieldOff className="size-4" aria-hidden /> {t('profile.twoFactor.turnOff')}
          </button>
        </div>
      )}
      {is('regenerate') && (
        <RegenerateCodesForm errors={errors} isBusy={isBusy} onSubmit={onNewCodes} onCancel={() => onOpen('none')} />
      )}
      {is('disable') && (
        <DisableTwoFactorForm errors={errors} isBusy={isBusy} onSubmit={onTurnOff} onCancel={() => onOpen('none')} />
      )}
    </div>
  );
}

/**
 * /profile/me's "Two-factor sign-in" (issue 10 §2): set up an authenticator app (QR code or the
 * key by hand, confirmed with a code), the recovery codes shown once, new codes, turning it off.
 */
export function TwoFactorSection() {
  const t = useT();
  const status = useQuery(twoFactorStatusQuery());
  const {
    setup,
    recoveryCodes,
    setRecoveryCodes,
    panel,
    errors,
    isBusy,
    beginSetup,
    confirmSetup,
    cancelSetup,
    newCodes,
    turnOff,
    open,
  } = useTwoFactorCalls();
  const enabled = status.data?.enabled ?? false;
  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (status.isPending) {
    body = <p className="text-sm text-zinc-400">{t('profile.loading')}</p>;
  } else if (status.isError) {
    body = (
      <p role="alert" className="text-sm text-rose-300">
        {richText(t('profile.twoFactor.loadFailed'), {
          retry: (words) => (
            <button type="button" onClick={() => void status.refetch()} className="font-semibold text-accent-400 hover:underline">
              {words}
            </button>
          ),
        })}
      </p>
    );
  } else if (!enabled && setup) {
    body = (
      <TwoFactorSetupForm
        setup={setup}
        errors={errors}
        isBusy={isBusy}
        onSubmit={(code) => void confirmSetup(code)}
        onCancel={cancelSetup}
      />
    );
  } else if (!enabled) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-zinc-400">{t('profile.twoFactor.intro')}</p>
        {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
        <button type="button" className={primaryButton} disabled={isBusy} onClick={() => void beginSetup()}>
          <ShieldCheck className="size-4" aria-hidden /> {t('profile.twoFactor.setUp')}
        </button>
      </div>
    );
  } else {
    body = (
      <TwoFactorOn
        codesLeft={status.data.recoveryCodesLeft}
        panel={panel}
        errors={errors}
        isBusy={isBusy}
        onOpen={open}
        onNewCodes={(code) => void newCodes(code)}
        onTurnOff={(password, code) => void turnOff(password, code)}
      />
    );
  }

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-2xl border border-ink-800 bg-ink-900 p-6"
      data-testid="two-factor-section"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 id="two-factor-heading" className="text-lg font-semibold text-white">
          {t('profile.twoFactor.title')}
        </h3>
        {status.isSuccess && (
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              enabled ? 'bg-emerald-500/15 text-emerald-300' : 'bg-ink-800 text-zinc-300'
            }`}
            data-testid="two-factor-state"
          >
            {enabled ? t('profile.twoFactor.on') : t('profile.twoFactor.off')}
          </span>
        )}
      </div>
      {body}
    </section>
  );
}
