// i18n: not yet in the catalogues (issue 35)
import { FormAlert } from '../../components/form';
import { AppCodeField, FormButtons, useAppCode, type TwoFactorFormProps } from './two-factor-form-parts';

/** New recovery codes, for a code from the app (the old codes stop working). */
export function RegenerateCodesForm({ errors, isBusy, onSubmit, onCancel }: TwoFactorFormProps<[code: string]>) {
  const appCode = useAppCode(onSubmit);
  return (
    <form
      onSubmit={appCode.handleSubmit}
      className="max-w-sm space-y-3 rounded-xl border border-ink-800 p-4"
      noValidate
      aria-label="New recovery codes"
    >
      <p className="text-sm text-zinc-400">Your current recovery codes stop working once the new ones are made.</p>
      {errors.form && !errors.code && <FormAlert tone="error">{errors.form}</FormAlert>}
      <AppCodeField appCode={appCode} serverError={errors.code} />
      <FormButtons label="Create new codes" isBusy={isBusy} onCancel={onCancel} />
    </form>
  );
}
