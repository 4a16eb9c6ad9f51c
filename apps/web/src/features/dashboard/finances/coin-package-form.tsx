import { coinPackageInputSchema, coinPackagePatchSchema, type AdminCoinPackage, type CoinPackageInput } from '@inkwell/contract';
import { fieldErrors, TextField } from '../../../components/form';
import { useT } from '../../../lib/i18n/i18n-context';
import { EditForm, useEditForm } from '../components/edit-form';
import { CheckboxField, PriceFields } from '../components/fields';
import { useCreateCoinPackage } from './api/create-coin-package';
import { useUpdateCoinPackage } from './api/update-coin-package';
import { centsToPrice, priceToCents } from './price-input';
import '../messages';

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
  price: item ? centsToPrice(item.priceCents, item.currency) : '',
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
  const t = useT();
  const form = useEditForm(() => valuesFrom(item));
  const { values, field, check } = form;
  const createPackage = useCreateCoinPackage();
  const updatePackage = useUpdateCoinPackage();

  const submit = async () => {
    const priceCents = priceToCents(values.price, values.currency);
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
    const local = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
    if (priceCents === null) local.priceCents = t('dashboard.finances.priceInvalid');
    if (values.coins.trim() === '') local.coins = t('dashboard.finances.coins.coinsMissing');
    await form.save(local, async () => {
      onSaved(item ? await updatePackage.mutateAsync({ id: item.id, body }) : await createPackage.mutateAsync(body));
    });
  };

  return (
    <EditForm
      label={item ? t('dashboard.finances.editLabel', { name: item.name }) : t('dashboard.finances.coins.new')}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={t(item ? 'dashboard.finances.coins.save' : 'dashboard.finances.coins.create')}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('dashboard.finances.name')} {...field('name')} className="sm:col-span-3" />
        <TextField label={t('dashboard.finances.coins.coins')} inputMode="numeric" {...field('coins')} />
        <TextField
          label={t('dashboard.finances.coins.bonus')}
          inputMode="numeric"
          {...field('bonusCoins')}
          hint={t('dashboard.finances.coins.bonusHint')}
        />
        <TextField
          label={t('dashboard.finances.coins.order')}
          inputMode="numeric"
          {...field('position')}
          hint={t('dashboard.finances.coins.orderHint')}
        />
        <PriceFields price={field('price', 'priceCents')} currency={field('currency')} />
        <CheckboxField label={t('dashboard.finances.onSale')} {...check('isActive')} className="sm:pt-7" />
      </div>
    </EditForm>
  );
}
