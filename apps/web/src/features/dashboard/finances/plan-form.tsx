import {
  CURRENCIES,
  PLAN_INTERVALS,
  planInputSchema,
  planPatchSchema,
  type AdminPlan,
  type EndpointBody,
  type PlanInput,
} from '@inkwell/contract';
import { fieldErrors, TextField } from '../../../components/form';
import { formatMoney } from '../../../lib/money';
import { Detail } from '../components/data-table';
import { EditForm, useEditForm } from '../components/edit-form';
import { CheckboxField, SelectField, TextAreaField } from '../components/fields';
import { useCreatePlan } from './api/create-plan';
import { useUpdatePlan } from './api/update-plan';
import { priceToCents } from './price-input';

interface Values {
  name: string;
  description: string;
  price: string;
  currency: PlanInput['currency'];
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

export const intervalLabel = (interval: AdminPlan['interval']) => (interval === 'year' ? 'year' : 'month');

/**
 * Saving the form: a new plan sends its full terms; an existing one only what may change (its
 * price, currency and interval are fixed).
 */
function usePlanSubmit(
  form: ReturnType<typeof useEditForm<Values>>,
  plan: AdminPlan | undefined,
  onSaved: (plan: AdminPlan) => void,
) {
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
      await form.save(parsed.success ? {} : fieldErrors(parsed.error.issues), async () => {
        onSaved(await updatePlan.mutateAsync({ id: plan.id, body }));
      });
      return;
    }
    const priceCents = priceToCents(values.price);
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
    const local = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (priceCents === null) local.priceCents = 'Enter a price such as 4.99';
    await form.save(local, async () => {
      onSaved(await createPlan.mutateAsync(body));
    });
  };
}

/** Price, currency and interval of a plan that exists: shown, not edited. */
function FixedTerms({ plan }: { plan: AdminPlan }) {
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-950/40 p-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Detail label="Price">{formatMoney(plan.priceCents, plan.currency)}</Detail>
        <Detail label="Billed every">{intervalLabel(plan.interval)}</Detail>
      </dl>
      <p className="mt-2 text-xs text-zinc-400">
        Price and interval are fixed once a plan exists: subscribers bought those terms. For new terms, create a new plan and
        archive this one.
      </p>
    </div>
  );
}

/**
 * A new plan, or the terms of one that exists. Price, currency and interval are fixed once a plan
 * exists (subscribers bought those terms), so editing shows them and sends only what may change.
 */
export function PlanForm({ plan, onSaved, onCancel }: { plan?: AdminPlan; onSaved(plan: AdminPlan): void; onCancel(): void }) {
  const form = useEditForm(() => valuesFrom(plan));
  const { values, set, errors } = form;
  const submit = usePlanSubmit(form, plan, onSaved);

  return (
    <EditForm
      label={plan ? `Edit ${plan.name}` : 'New plan'}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={plan ? 'Save plan' : 'Create plan'}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={values.name} onChange={(e) => set('name', e.target.value)} error={errors.name} />
        <TextField
          label="Coins per period"
          inputMode="numeric"
          value={values.coinsPerPeriod}
          onChange={(e) => set('coinsPerPeriod', e.target.value)}
          error={errors.coinsPerPeriod}
          hint="Credited at the start of every month or year; 0 for none."
        />
      </div>
      <TextAreaField
        label="Description"
        rows={3}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        error={errors.description}
        hint="Shown on the subscriptions page."
      />
      {plan ? (
        <FixedTerms plan={plan} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Price"
            inputMode="decimal"
            placeholder="4.99"
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
            error={errors.priceCents}
            hint="Fixed once the plan is created."
          />
          <SelectField
            label="Currency"
            value={values.currency}
            onChange={(e) => set('currency', e.target.value as Values['currency'])}
            error={errors.currency}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency.toUpperCase()}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Billed every"
            value={values.interval}
            onChange={(e) => set('interval', e.target.value as Values['interval'])}
            error={errors.interval}
          >
            {PLAN_INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {intervalLabel(interval)}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <div className="space-y-3">
        <CheckboxField
          label="Includes premium chapters"
          hint="Subscribers read priced chapters without unlocking them."
          checked={values.includesPremium}
          onChange={(checked) => set('includesPremium', checked)}
        />
        {!plan && (
          <CheckboxField
            label="On sale"
            hint="Shown on the subscriptions page at once. You can archive it later."
            checked={values.isActive}
            onChange={(checked) => set('isActive', checked)}
          />
        )}
      </div>
    </EditForm>
  );
}
