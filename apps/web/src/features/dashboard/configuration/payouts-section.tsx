import { CURRENCIES, minorUnitDigits, type Currency, type PayoutSettings, type SiteConfigPatch } from '@inkwell/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { secondaryButton } from '../../../components/button-styles';
import { TextField } from '../../../components/form';
import { useT } from '../../../lib/i18n/i18n-context';
import { EditForm } from '../components/edit-form';
import { FieldError, SelectField } from '../components/fields';
import { Section, useSection } from './section';
import '../messages';

interface RateRow {
  currency: Currency;
  rate: string;
}
interface PayoutForm {
  feePercent: string;
  currency: Currency;
  coinValue: string;
  minimum: string;
  rates: RateRow[];
}

/** An amount in a currency's minor unit as the form shows it: 2000 → "20.00" (usd), 500 → "500" (jpy). */
function toAmountText(minor: number, currency: Currency): string {
  const digits = minorUnitDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * The minor units of a typed amount ("20", "20.5", "20,50" → 2000, 2050, 2050 in dollars), with
 * no more decimals than the currency has; anything else → null, for the form to refuse.
 */
function amountTextToMinor(text: string, currency: Currency): number | null {
  const digits = minorUnitDigits(currency);
  const match = new RegExp(`^(\\d{1,12})(?:[.,](\\d{0,${digits}}))?$`).exec(text.trim());
  if (!match || (digits === 0 && /[.,]/.test(text))) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** A typed number, or the text itself when it is not one, so the server's message explains it. */
const numberOrText = (text: string): number => {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || Number.isNaN(value) ? (text as unknown as number) : value;
};

const formOf = (payouts: PayoutSettings): PayoutForm => ({
  feePercent: String(payouts.feePercent),
  currency: payouts.currency,
  coinValue: toAmountText(payouts.coinValueCents, payouts.currency),
  minimum: toAmountText(payouts.minimumCents, payouts.currency),
  rates: (Object.entries(payouts.exchangeRates) as [Currency, number][]).map(([currency, rate]) => ({
    currency,
    rate: String(rate),
  })),
});

/** The form's values as the settings' patch, or the fields it refuses before sending (amounts it cannot read, a currency twice). */
function patchOf(form: PayoutForm): { patch: SiteConfigPatch } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const coinValueCents = amountTextToMinor(form.coinValue, form.currency);
  const minimumCents = amountTextToMinor(form.minimum, form.currency);
  if (coinValueCents === null) errors.coinValueCents = 'dashboard.config.payouts.amountInvalid';
  if (minimumCents === null) errors.minimumCents = 'dashboard.config.payouts.amountInvalid';
  const exchangeRates: Partial<Record<Currency, number>> = {};
  form.rates.forEach((row, index) => {
    if (row.currency in exchangeRates) errors[`rates.${index}`] = 'dashboard.config.payouts.rateTwice';
    else if (row.currency === form.currency) errors[`rates.${index}`] = 'dashboard.config.payouts.rateOwnCurrency';
    exchangeRates[row.currency] = numberOrText(row.rate);
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    patch: {
      payouts: {
        feePercent: numberOrText(form.feePercent),
        currency: form.currency,
        coinValueCents: coinValueCents!,
        minimumCents: minimumCents!,
        exchangeRates,
      },
    },
  };
}

function CurrencyOptions() {
  return CURRENCIES.map((currency) => (
    <option key={currency} value={currency}>
      {currency.toUpperCase()}
    </option>
  ));
}

/** Rates of the other currencies income comes in: a row per currency, each one unit worth so much of the payout currency. */
function RatesField({
  form,
  setRates,
  errors,
}: {
  form: PayoutForm;
  setRates(rows: RateRow[]): void;
  errors: Record<string, string>;
}) {
  const t = useT();
  const { rates, currency } = form;
  const setRow = (index: number, patch: Partial<RateRow>) =>
    setRates(rates.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const unused = CURRENCIES.find((code) => code !== currency && !rates.some((row) => row.currency === code)) ?? 'eur';
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-zinc-200">{t('dashboard.config.payouts.rates')}</legend>
      {rates.length === 0 && <p className="text-sm text-zinc-400">{t('dashboard.config.payouts.noRates')}</p>}
      <ul className="space-y-3">
        {rates.map((row, index) => (
          <li key={index} className="flex flex-wrap items-start gap-2" data-testid="rate-row">
            <SelectField
              label={t('dashboard.config.payouts.rateCurrency', { number: index + 1 })}
              className="w-32"
              value={row.currency}
              onChange={(event) => setRow(index, { currency: event.target.value as Currency })}
              error={errors[`rates.${index}`]}
            >
              <CurrencyOptions />
            </SelectField>
            <TextField
              label={t('dashboard.config.payouts.rateValue', {
                from: row.currency.toUpperCase(),
                to: currency.toUpperCase(),
              })}
              className="min-w-48 flex-1"
              inputMode="decimal"
              value={row.rate}
              onChange={(event) => setRow(index, { rate: event.target.value })}
              error={errors[`exchangeRates.${row.currency}`]}
            />
            <button
              type="button"
              onClick={() => setRates(rates.filter((_, at) => at !== index))}
              aria-label={t('dashboard.config.payouts.removeRate', { number: index + 1 })}
              className="mt-7 rounded-lg p-2 text-zinc-400 hover:bg-rose-500/10 hover:text-rose-300"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <FieldError error={errors.exchangeRates} />
      <button
        type="button"
        onClick={() => setRates([...rates, { currency: unused, rate: '' }])}
        className={`${secondaryButton} mt-3`}
      >
        <Plus className="size-4" aria-hidden /> {t('dashboard.config.payouts.addRate')}
      </button>
      <p className="mt-1.5 text-xs text-zinc-400">
        {t('dashboard.config.payouts.ratesHint', { currency: currency.toUpperCase() })}
      </p>
    </fieldset>
  );
}

/**
 * Payouts (issues 22 and 38 §2): the site's fee, the currency months are counted in, what 100
 * coins are worth in it, the least a transfer may be, and the rates of the other currencies.
 */
export function PayoutsSection({ payouts }: { payouts: PayoutSettings }) {
  const t = useT();
  const { values, setValues, save, errors: serverErrors, form: state } = useSection('payouts', formOf(payouts));
  // What the form refuses before sending; a change to any field takes them away.
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<PayoutForm>) => {
    setValues({ ...values, ...patch });
    setLocalErrors({});
  };
  const errors: Record<string, string> = { ...serverErrors, ...localErrors };
  const code = values.currency.toUpperCase();
  return (
    <Section title={t('dashboard.config.payouts.title')} description={t('dashboard.config.payouts.description')}>
      <EditForm
        label={t('dashboard.config.payouts.title')}
        form={state}
        onSubmit={() => {
          const result = patchOf(values);
          if ('errors' in result) {
            setLocalErrors(Object.fromEntries(Object.entries(result.errors).map(([key, id]) => [key, t(id)])));
            return;
          }
          setLocalErrors({});
          save(result.patch, t('dashboard.config.payouts.saved'));
        }}
        submitLabel={t('dashboard.config.payouts.save')}
        busyLabel={t('dashboard.config.saving')}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('dashboard.config.payouts.fee')}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={values.feePercent}
            onChange={(event) => set({ feePercent: event.target.value })}
            error={errors.feePercent}
            hint={t('dashboard.config.payouts.feeHint')}
          />
          <SelectField
            label={t('dashboard.config.payouts.currency')}
            value={values.currency}
            onChange={(event) => set({ currency: event.target.value as Currency })}
            error={errors.currency}
          >
            <CurrencyOptions />
          </SelectField>
          <TextField
            label={t('dashboard.config.payouts.coinValue', { currency: code })}
            inputMode="decimal"
            value={values.coinValue}
            onChange={(event) => set({ coinValue: event.target.value })}
            error={errors.coinValueCents}
            hint={t('dashboard.config.payouts.coinValueHint')}
          />
          <TextField
            label={t('dashboard.config.payouts.minimum', { currency: code })}
            inputMode="decimal"
            value={values.minimum}
            onChange={(event) => set({ minimum: event.target.value })}
            error={errors.minimumCents}
            hint={t('dashboard.config.payouts.minimumHint')}
          />
        </div>
        <RatesField form={values} setRates={(rates) => set({ rates })} errors={errors} />
      </EditForm>
    </Section>
  );
}
