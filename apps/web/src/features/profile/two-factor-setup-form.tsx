import type { TwoFactorSetup } from '@inkwell/contract';
import { FormAlert } from '../../components/form';
import { useT } from '../../lib/i18n/i18n-context';
import { AppCodeField, FormButtons, useAppCode, type TwoFactorFormProps } from './two-factor-form-parts';
import './messages';

/** Spaces every four characters, as authenticator apps show keys; the app ignores them. */
function groupKey(key: string): string {
  return key.match(/.{1,4}/g)?.join(' ') ?? key;
}

/** Step two of turning it on: the QR code or the key for the app, then a code from it to confirm. */
export function TwoFactorSetupForm({
  setup,
  errors,
  isBusy,
  onSubmit,
  onCancel,
}: TwoFactorFormProps<[code: string]> & { setup: TwoFactorSetup }) {
  const t = useT();
  const appCode = useAppCode(onSubmit);
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-zinc-300">
        <li>
          {t('profile.twoFactor.scan')}
          <img
            src={setup.qrCode}
            alt={t('profile.twoFactor.qrAlt')}
            width={192}
            height={192}
            className="mt-3 rounded-lg bg-[#fff] p-2"
          />
        </li>
        <li>
          {t('profile.twoFactor.manualKey')}
          <code
            className="mt-2 block break-all rounded-lg bg-ink-950 px-3 py-2 font-mono text-sm tracking-wider text-zinc-100"
            data-testid="two-factor-manual-key"
          >
            {groupKey(setup.manualKey)}
          </code>
        </li>
        <li>{t('profile.twoFactor.confirmStep')}</li>
      </ol>
      <form onSubmit={appCode.handleSubmit} className="max-w-xs space-y-3" noValidate>
        {errors.form && !errors.code && <FormAlert tone="error">{errors.form}</FormAlert>}
        <AppCodeField appCode={appCode} serverError={errors.code} />
        <FormButtons label={t('profile.twoFactor.turnOn')} isBusy={isBusy} onCancel={onCancel} />
      </form>
    </div>
  );
}
