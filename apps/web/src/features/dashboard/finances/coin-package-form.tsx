// i18n: not yet in the catalogues (issue 35)
import { coinPackageInputSchema, coinPackagePatchSchema, type AdminCoinPackage, type CoinPackageInput } from '@inkwell/contract';
import { fieldErrors, TextField } from '../../../components/form';
import { EditForm, useEditForm } from '../components/edit-form';
import { CheckboxField, PriceFields } from '../components/fields';
import { useCreateCoinPackage } from './api/create-coin-package';
import { useUpdateCoinPackage } from './api/update-coin-package';
import { centsToPrice, priceToCents } from './price-input';

interface Values {
  name: string;
  coins: string;
  bonusCoins: string;
  price: string;
  currency: NonNullable<CoinPackageInput['currency']>;
  position: string;
  isActive: boolean;
}

const valuesFrom = (item?: AdminCoinPackage): Values => ({
  name: item?.name ?? '',
  coins: item ? String(item.coins) : '',
  bonusCoins: String(item?.bonusCoins ?? 0),
  price: item ? centsToPrice(item.priceCents) : '',
  currency: item?.currency ?? 'usd',
  position: String(item?.position ?? 0),
  isActive: item?.isActive ?? true,
});

/** A whole number typed in a field; empty is `empty`, anything else not a number is NaN (the contract refuses it). */
const count = (text: string, empty: number) => (text.trim() === '' ? empty : Number(text));

/** A new coin package, or an existing one's fields (all of which may change: buyers already have their coins). */
export function CoinPackageForm({
  item,
  onSaved,
  onCancel,
}: {
  item?: AdminCoinPackage;
  onSaved(item: AdminCoinPackage): void;
  onCancel(): void;
}) {
  const form = useEditForm(() => valuesFrom(item));
  const { values, field, check } = form;
  const createPackage = useCreateCoinPackage();
  const updatePackage = useUpdateCoinPackage();

  const submit = async () => {
    const priceCents = priceToCents(values.price);
    const body = {
      name: values.name,
      coins: count(values.coins, Number.NaN),
      bonusCoins: count(values.bonusCoins, 0),
      priceCents: priceCents ?? Number.NaN,
      currency: values.currency,
      position: count(values.position, 0),
      isActive: values.isActive,
    } satisfies CoinPackageInput;
    const parsed = (item ? coinPackagePatchSchema : coinPackageInputSchema).safeParse(body);
    const local = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (priceCents === null) local.priceCents = 'Enter a price such as 4.99';
    if (values.coins.trim() === '') local.coins = 'How many coins does it give?';
    await form.save(local, async () => {
      onSaved(item ? await updatePackage.mutateAsync({ id: item.id, body }) : await createPackage.mutateAsync(body));
    });
  };

  return (
    <EditForm
      label={item ? `Edit ${item.name}` : 'New coin package'}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={item ? 'Save package' : 'Create package'}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Name" {...field('name')} className="sm:col-span-3" />
        <TextField label="Coins" inputMode="numeric" {...field('coins')} />
        <TextField label="Bonus coins" inputMode="numeric" {...field('bonusCoins')} hint="Given on top; shown as a bonus." />
        <TextField label="Order" inputMode="numeric" {...field('position')} hint="Lower comes first in the store." />
        <PriceFields price={field('price', 'priceCents')} currency={field('currency')} />
        <CheckboxField label="On sale" {...check('isActive')} className="sm:pt-7" />
      </div>
    </EditForm>
  );
}
