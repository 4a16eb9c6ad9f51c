import {
  PLAN_INTERVALS,
  planInputSchema,
  planPatchSchema,
  type AdminPlan,
  type EndpointBody,
  type PlanInput,
} from '@inkwell/contract';
import { fieldErrors, TextField } from '../../../components/form';
import { useFormat } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { Detail } from '../components/data-table';
import { EditForm, useEditForm } from '../components/edit-form';
import { CheckboxField, PriceFields, SelectField, TextAreaField } from '../components/fields';
import { useCreatePlan } from './api/create-plan';
import { useUpdatePlan } from './api/update-plan';
import { priceToCents } from './price-input';
import '../messages';

interface Values {
  name: string;
  description: string;
  price: string;
  currency: NonNullable<PlanInput['currency']>;
  interval: PlanInput['interval'];
  includesPremium: boolean;
  coinsPerPeriod: string;
  isActive: boolean;
}

const valuesFrom = (plan?: AdminPlan): Values => ({
  name: plan?.name ?? '',
  description: plan?.description ?? '',
  price: '',
  currency: plan?.currency ?? 'usd',
  interval: plan?.interval ?? 'month',
  includesPremium: plan?.includesPremium ?? true,
  coinsPerPeriod: String(plan?.coinsPerPeriod ?? 0),
  isActive: plan?.isActive ?? true,
});

/** A plan's billing interval in words ("month", "year"). */
const intervalLabel = (t: Translate, interval: AdminPlan['interval']) =>
  t(interval === 'year' ? 'dashboard.finances.interval.year' : 'dashboard.finances.interval.month');

/**
 * Saving the form: a new plan sends its full terms; an existing one only what may change (its
 * price, currency and interval are fixed).
 */
function usePlanSubmit(
  form: ReturnType<typeof useEditForm<Values>>,
  plan: AdminPlan | undefined,
  onSaved: (plan: AdminPlan) => void,
) {
  const t = useT();
  const createPlan = useCreatePlan();
  const updatePlan = useUpdatePlan();
  const { values } = form;

  return async () => {
    const coinsPerPeriod = values.coinsPerPeriod.trim() === '' ? 0 : Number(values.coinsPerPeriod);
    if (plan) {
      const body: EndpointBody<'adminPlanUpdate'> = {
        name: values.name,
        description: values.description,
        includesPremium: values.includesPremium,
        coinsPerPeriod,
      };
      const parsed = planPatchSchema.safeParse(body);
      await form.save(parsed.success ? {} : fieldErrors(parsed.error.issues, t), async () => {
        onSaved(await updatePlan.mutateAsync({ id: plan.id, body }));
      });
      return;
    }
    const priceCents = priceToCents(values.price, values.currency);
    const body: PlanInput = {
      name: values.name,
      description: values.description,
      priceCents: priceCents ?? Number.NaN,
      currency: values.currency,
      interval: values.interval,
      includesPremium: values.includesPremium,
      coinsPerPeriod,
      isActive: values.isActive,
    };
    const parsed = planInputSchema.safeParse(body);
    const local = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
    if (priceCents === null) local.priceCents = t('dashboard.finances.priceInvalid');
    await form.save(local, async () => {
      onSaved(await createPlan.mutateAsync(body));
    });
  };
}

/** Price, currency and interval of a plan that exists: shown, not edited. */
function FixedTerms({ plan }: { plan: AdminPlan }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-950/40 p-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Detail label={t('dashboard.fields.price')}>{format.money(plan.priceCents, plan.currency)}</Detail>
        <Detail label={t('dashboard.finances.plans.billedEvery')}>{intervalLabel(t, plan.interval)}</Detail>
      </dl>
      <p className="mt-2 text-xs text-zinc-400">{t('dashboard.finances.plans.fixedTerms')}</p>
    </div>
  );
}

/**
 * A new plan, or the terms of one that exists. Price, currency and interval are fixed once a plan
 * exists (subscribers bought those terms), so editing shows them and sends only what may change.
 */
export function PlanForm({ plan, onSaved, onCancel }: { plan?: AdminPlan; onSaved(plan: AdminPlan): void; onCancel(): void }) {
  const t = useT();
  const form = useEditForm(() => valuesFrom(plan));
  const { field, check } = form;
  const submit = usePlanSubmit(form, plan, onSaved);

  return (
    <EditForm
      label={plan ? t('dashboard.finances.editLabel', { name: plan.name }) : t('dashboard.finances.plans.new')}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={t(plan ? 'dashboard.finances.plans.save' : 'dashboard.finances.plans.create')}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('dashboard.finances.name')} {...field('name')} />
        <TextField
          label={t('dashboard.finances.plans.coinsPerPeriod')}
          inputMode="numeric"
          {...field('coinsPerPeriod')}
          hint={t('dashboard.finances.plans.coinsPerPeriodHint')}
        />
      </div>
      <TextAreaField
        label={t('dashboard.finances.plans.description')}
        rows={3}
        {...field('description')}
        hint={t('dashboard.finances.plans.descriptionHint')}
      />
      {plan ? (
        <FixedTerms plan={plan} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <PriceFields
            price={field('price', 'priceCents')}
            currency={field('currency')}
            hint={t('dashboard.finances.plans.priceHint')}
          />
          <SelectField label={t('dashboard.finances.plans.billedEvery')} {...field('interval')}>
            {PLAN_INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {intervalLabel(t, interval)}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <div className="space-y-3">
        <CheckboxField
          label={t('dashboard.finances.plans.premium')}
          hint={t('dashboard.finances.plans.premiumHint')}
          {...check('includesPremium')}
        />
        {!plan && (
          <CheckboxField
            label={t('dashboard.finances.onSale')}
            hint={t('dashboard.finances.plans.onSaleHint')}
            {...check('isActive')}
          />
        )}
      </div>
    </EditForm>
  );
}
