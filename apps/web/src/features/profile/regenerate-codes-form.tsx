import { FormAlert } from '../../components/form';
import { useT } from '../../lib/i18n/i18n-context';
import { AppCodeField, FormButtons, useAppCode, type TwoFactorFormProps } from './two-factor-form-parts';
import './messages';

/** New recovery codes, for a code from the app (the old codes stop working). */
export function RegenerateCodesForm({ errors, isBusy, onSubmit, onCancel }: TwoFactorFormProps<[code: string]>) {
  const t = useT();
  const appCode = useAppCode(onSubmit);
  return (
    <form
      onSubmit={appCode.handleSubmit}
      className="max-w-sm space-y-3 rounded-xl border border-ink-800 p-4"
      noValidate
      aria-label={t('profile.twoFactor.newCodes')}
    >
      <p className="text-sm text-zinc-400">{t('profile.twoFactor.newCodesNote')}</p>
      {errors.form && !errors.code && <FormAlert tone="error">{errors.form}</FormAlert>}
      <AppCodeField appCode={appCode} serverError={errors.code} />
      <FormButtons label={t('profile.twoFactor.createCodes')} isBusy={isBusy} onCancel={onCancel} />
    </form>
  );
}
