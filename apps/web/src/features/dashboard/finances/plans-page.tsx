import type { AdminPlan } from '@inkwell/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { primaryButton } from '../../../components/button-styles';
import { useToast } from '../../../components/toast/toast-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CellLabel, HiddenTh, rowButton, stacked, StackedTable, Th } from '../components/data-table';
import { FormPanel } from '../components/edit-form';
import { PageHeader, QueryState } from '../components/list-frame';
import { useAdminPlans } from './api/list-admin-plans';
import { useUpdatePlan } from './api/update-plan';
import { SaleBadge } from './finance-ui';
import { PlanForm } from './plan-form';
import '../messages';

/** Archive or restore: a plan is never deleted (subscribers bought it), it leaves the store instead. */
function ArchiveButton({ plan }: { plan: AdminPlan }) {
  const t = useT();
  const toast = useToast();
  const updatePlan = useUpdatePlan();
  const archive = plan.isActive;
  return (
    <button
      type="button"
      disabled={updatePlan.isPending}
      className={rowButton}
      aria-label={t(archive ? 'dashboard.finances.plans.archiveLabel' : 'dashboard.finances.plans.restoreLabel', {
        name: plan.name,
      })}
      onClick={() =>
        updatePlan.mutate(
          { id: plan.id, body: { isActive: !archive } },
          {
            onSuccess: (saved) =>
              toast({
                type: 'success',
                message: t(saved.isActive ? 'dashboard.finances.plans.restored' : 'dashboard.finances.plans.archived', {
                  name: saved.name,
                }),
                duration: 5000,
              }),
            onError: (error) =>
              toast({ type: 'error', message: error.message || t('dashboard.finances.savingFailed'), duration: 5000 }),
          },
        )
      }
    >
      {t(archive ? 'dashboard.finances.plans.archive' : 'dashboard.finances.plans.restore')}
    </button>
  );
}

/** /Dashboard/Finances/Plans: subscription plans, what each has sold, and who holds one now. */
export default function PlansPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('dashboard.finances.plans.title'));
  const toast = useToast();
  const plans = useAdminPlans();
  // 'new' for the new-plan form, a plan's id while editing it.
  const [editing, setEditing] = useState<string | null>(null);
  const editedPlan = plans.data?.items.find((plan) => plan.id === editing);
  const isAdding = editing === 'new';

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('dashboard.finances.plans.title')}
        description={t('dashboard.finances.plans.pageDescription')}
        actions={
          !isAdding && (
            <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
              <Plus className="size-4" aria-hidden /> {t('dashboard.finances.plans.new')}
            </button>
          )
        }
      />

      {(isAdding || editedPlan) && (
        <FormPanel
          title={editedPlan ? t('dashboard.finances.editLabel', { name: editedPlan.name }) : t('dashboard.finances.plans.new')}
          scrollKey={editing ?? undefined}
        >
          <PlanForm
            key={editing}
            {...(editedPlan ? { plan: editedPlan } : {})}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              toast({
                type: 'success',
                message: t(editedPlan ? 'dashboard.finances.savedName' : 'dashboard.finances.createdName', { name: saved.name }),
                duration: 4000,
              });
            }}
          />
        </FormPanel>
      )}

      <QueryState
        query={plans}
        loading={t('dashboard.finances.plans.loading')}
        error={t('dashboard.finances.plans.error')}
        isEmpty={(data) => data.items.length === 0}
        empty={t('dashboard.finances.plans.empty')}
      >
        {({ items }) => (
          <StackedTable
            head={
              <>
                <Th>{t('dashboard.finances.plans.plan')}</Th>
                <Th>{t('dashboard.fields.price')}</Th>
                <Th>{t('dashboard.finances.plans.premiumColumn')}</Th>
                <Th className="text-right">{t('dashboard.finances.plans.coinsPerPeriodColumn')}</Th>
                <Th>{t('dashboard.finances.status')}</Th>
                <Th className="text-right">{t('dashboard.finances.plans.sold')}</Th>
                <Th className="text-right">{t('dashboard.finances.plans.subscribers')}</Th>
                <HiddenTh>{t('dashboard.finances.actions')}</HiddenTh>
              </>
            }
          >
            {items.map((plan) => (
              <tr key={plan.id} role="row" className={`${stacked.row} ${plan.isActive ? '' : 'text-zinc-400'}`}>
                <td role="cell" className={`order-1 min-w-0 sm:min-w-48 ${stacked.cell}`}>
                  <p className="font-medium text-zinc-100">{plan.name}</p>
                  {plan.description && <p className="line-clamp-1 max-w-xs text-xs text-zinc-400">{plan.description}</p>}
                </td>
                <td role="cell" className={`order-2 whitespace-nowrap text-right text-zinc-200 sm:text-left ${stacked.cell}`}>
                  {t('dashboard.finances.plans.pricePer', {
                    price: format.money(plan.priceCents, plan.currency),
                    interval: plan.interval,
                  })}
                </td>
                <td role="cell" className={`order-4 text-right text-zinc-300 sm:text-left ${stacked.cell}`}>
                  <CellLabel>{t('dashboard.finances.plans.premiumCell')}</CellLabel>
                  {t(plan.includesPremium ? 'dashboard.finances.yes' : 'dashboard.finances.no')}
                </td>
                <td role="cell" className={`order-5 tabular-nums text-zinc-300 sm:text-right ${stacked.cell}`}>
                  <CellLabel>{t('dashboard.finances.plans.coinsPerPeriodCell')}</CellLabel>
                  {format.count(plan.coinsPerPeriod)}
                </td>
                <td role="cell" className={`order-3 ${stacked.cell}`}>
                  <SaleBadge isActive={plan.isActive} offLabel={t('dashboard.finances.plans.archivedBadge')} />
                </td>
                <td role="cell" className={`order-6 text-right tabular-nums text-zinc-300 ${stacked.cell}`}>
                  <CellLabel>{t('dashboard.finances.plans.soldCell')}</CellLabel>
                  {format.count(plan.sold)}
                </td>
                <td role="cell" className={`order-7 tabular-nums text-zinc-300 sm:text-right ${stacked.cell}`}>
                  <CellLabel>{t('dashboard.finances.plans.subscribersCell')}</CellLabel>
                  {format.count(plan.activeSubscribers)}
                </td>
                <td role="cell" className={`order-8 ${stacked.actions}`}>
                  <button
                    type="button"
                    className={rowButton}
                    aria-label={t('dashboard.finances.editLabel', { name: plan.name })}
                    onClick={() => setEditing(plan.id)}
                  >
                    {t('dashboard.finances.edit')}
                  </button>
                  <ArchiveButton plan={plan} />
                </td>
              </tr>
            ))}
          </StackedTable>
        )}
      </QueryState>
    </div>
  );
}
