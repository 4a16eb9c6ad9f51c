// i18n: not yet in the catalogues (issue 35)
import {
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
import { CheckboxField, PriceFields, SelectField, TextAreaField } from '../components/fields';
import { useCreatePlan } from './api/create-plan';
import { useUpdatePlan } from './api/update-plan';
import { priceToCents } from './price-input';

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
  const { field, check } = form;
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
        <TextField label="Name" {...field('name')} />
        <TextField
          label="Coins per period"
          inputMode="numeric"
          {...field('coinsPerPeriod')}
          hint="Credited at the start of every month or year; 0 for none."
        />
      </div>
      <TextAreaField label="Description" rows={3} {...field('description')} hint="Shown on the subscriptions page." />
      {plan ? (
        <FixedTerms plan={plan} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <PriceFields price={field('price', 'priceCents')} currency={field('currency')} hint="Fixed once the plan is created." />
          <SelectField label="Billed every" {...field('interval')}>
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
          {...check('includesPremium')}
        />
        {!plan && (
          <CheckboxField
            label="On sale"
            hint="Shown on the subscriptions page at once. You can archive it later."
            {...check('isActive')}
          />
        )}
      </div>
    </EditForm>
  );
}
