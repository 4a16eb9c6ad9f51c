// i18n: not yet in the catalogues (issue 35)
import type { TwoFactorSetup } from '@inkwell/contract';
import { FormAlert } from '../../components/form';
import { AppCodeField, FormButtons, useAppCode, type TwoFactorFormProps } from './two-factor-form-parts';

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
  const appCode = useAppCode(onSubmit);
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
            className="mt-3 rounded-lg bg-[#fff] p-2"
          />
        </li>
        <li>
          Or enter this key in the app by hand:
          <code
            className="mt-2 block break-all rounded-lg bg-ink-950 px-3 py-2 font-mono text-sm tracking-wider text-zinc-100"
            data-testid="two-factor-manual-key"
          >
            {groupKey(setup.manualKey)}
          </code>
        </li>
        <li>Enter the code the app shows to confirm.</li>
      </ol>
      <form onSubmit={appCode.handleSubmit} className="max-w-xs space-y-3" noValidate>
        {errors.form && !errors.code && <FormAlert tone="error">{errors.form}</FormAlert>}
        <AppCodeField appCode={appCode} serverError={errors.code} />
        <FormButtons label="Turn on" isBusy={isBusy} onCancel={onCancel} />
      </form>
    </div>
  );
}
