import {
  PLAN_INTERVALS,
  tierInputSchema,
  tierPatchSchema,
  type EndpointBody,
  type TeamTier,
  type TierInput,
} from '@inkwell/contract';
import { fieldErrors, TextField } from '../../../../components/form';
import { useFormat } from '../../../../lib/i18n/format';
import { useT, type Translate } from '../../../../lib/i18n/i18n-context';
import { Detail } from '../../components/data-table';
import { EditForm, useEditForm } from '../../components/edit-form';
import { CheckboxField, PriceFields, SelectField, TextAreaField } from '../../components/fields';
import { priceToCents } from '../../finances/price-input';
import { useSeriesAccess } from '../../series-team/series-access';
import { useCreateTier, useUpdateTier } from './api';
import '../../messages';

interface Values {
  name: string;
  description: string;
  price: string;
  currency: NonNullable<TierInput['currency']>;
  interval: TierInput['interval'];
  earlyAccessDays: string;
  coinsPerPeriod: string;
  isActive: boolean;
}

const valuesFrom = (tier?: TeamTier): Values => ({
  name: tier?.name ?? '',
  description: tier?.description ?? '',
  price: '',
  currency: tier?.currency ?? 'usd',
  interval: tier?.interval ?? 'month',
  earlyAccessDays: String(tier?.earlyAccessDays ?? 7),
  coinsPerPeriod: String(tier?.coinsPerPeriod ?? 0),
  isActive: tier?.isActive ?? true,
});

/** A tier's billing interval in words ("month", "year"). */
const tierIntervalLabel = (t: Translate, interval: TeamTier['interval']) =>
  t(interval === 'year' ? 'dashboard.tiers.interval.year' : 'dashboard.tiers.interval.month');

/** A whole number typed in a field: empty is 0, anything else not a number is NaN for the contract to refuse. */
const wholeNumber = (text: string) => (text.trim() === '' ? 0 : Number(text));

/**
 * Saving the form: a new tier sends its full terms; an existing one only what may change (its
 * price, currency and interval are what its members bought). Coins come with a tier from site
 * staff only (`givesCoins`): a creator's new tier has none, and their edit leaves them as they are.
 */
function useTierSubmit(
  form: ReturnType<typeof useEditForm<Values>>,
  seriesId: string,
  tier: TeamTier | undefined,
  onSaved: (tier: TeamTier) => void,
  givesCoins: boolean,
) {
  const t = useT();
  const createTier = useCreateTier(seriesId);
  const updateTier = useUpdateTier(seriesId);
  const { values } = form;

  return async () => {
    const earlyAccessDays = wholeNumber(values.earlyAccessDays);
    const coinsPerPeriod = givesCoins ? wholeNumber(values.coinsPerPeriod) : 0;
    if (tier) {
      const body: EndpointBody<'teamSeriesTierUpdate'> = {
        name: values.name,
        description: values.description,
        earlyAccessDays,
        ...(givesCoins ? { coinsPerPeriod } : {}),
      };
      const parsed = tierPatchSchema.safeParse(body);
      await form.save(parsed.success ? {} : fieldErrors(parsed.error.issues, t), async () => {
        onSaved(await updateTier.mutateAsync({ tierId: tier.id, body }));
      });
      return;
    }
    const priceCents = priceToCents(values.price, values.currency);
    const body: TierInput = {
      name: values.name,
      description: values.description,
      priceCents: priceCents ?? Number.NaN,
      currency: values.currency,
      interval: values.interval,
      earlyAccessDays,
      coinsPerPeriod,
      isActive: values.isActive,
    };
    const parsed = tierInputSchema.safeParse(body);
    const local = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
    if (priceCents === null) local.priceCents = t('dashboard.tiers.priceInvalid');
    await form.save(local, async () => {
      onSaved(await createTier.mutateAsync(body));
    });
  };
}

/** Price, currency and interval of a tier that exists: shown, not edited. */
function FixedTerms({ tier }: { tier: TeamTier }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-950/40 p-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Detail label={t('dashboard.tiers.price')}>{format.money(tier.priceCents, tier.currency)}</Detail>
        <Detail label={t('dashboard.tiers.billedEvery')}>{tierIntervalLabel(t, tier.interval)}</Detail>
      </dl>
      <p className="mt-2 text-xs text-zinc-400">{t('dashboard.tiers.fixedTerms')}</p>
    </div>
  );
}

/** A new tier of a series, or what may change of one that exists. */
export function TierForm({
  seriesId,
  tier,
  onSaved,
  onCancel,
}: {
  seriesId: string;
  tier?: TeamTier;
  onSaved(tier: TeamTier): void;
  onCancel(): void;
}) {
  const t = useT();
  const form = useEditForm(() => valuesFrom(tier));
  const { field, check } = form;
  // Coins paid out to the series' payees when spent there: an editor's or an admin's to give, not a creator's.
  const givesCoins = useSeriesAccess(seriesId).isStaff;
  const submit = useTierSubmit(form, seriesId, tier, onSaved, givesCoins);

  return (
    <EditForm
      label={tier ? t('dashboard.tiers.editLabel', { name: tier.name }) : t('dashboard.tiers.new')}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={t(tier ? 'dashboard.tiers.save' : 'dashboard.tiers.create')}
      onCancel={onCancel}
    >
      <TextField label={t('dashboard.tiers.name')} {...field('name')} />
      <TextAreaField
        label={t('dashboard.tiers.description')}
        rows={3}
        {...field('description')}
        hint={t('dashboard.tiers.descriptionHint')}
      />
      {tier ? (
        <FixedTerms tier={tier} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <PriceFields price={field('price', 'priceCents')} currency={field('currency')} hint={t('dashboard.tiers.priceHint')} />
          <SelectField label={t('dashboard.tiers.billedEvery')} {...field('interval')}>
            {PLAN_INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {tierIntervalLabel(t, interval)}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('dashboard.tiers.earlyAccessDays')}
          inputMode="numeric"
          {...field('earlyAccessDays')}
          hint={t('dashboard.tiers.earlyAccessDaysHint')}
        />
        {givesCoins && (
          <TextField
            label={t('dashboard.tiers.coinsPerPeriod')}
            inputMode="numeric"
            {...field('coinsPerPeriod')}
            hint={t('dashboard.tiers.coinsPerPeriodHint')}
          />
        )}
      </div>
      {!tier && (
        <CheckboxField label={t('dashboard.tiers.onSale')} hint={t('dashboard.tiers.onSaleHint')} {...check('isActive')} />
      )}
    </EditForm>
  );
}
