// i18n: not yet in the catalogues (issue 35)
import type { AdminPlan } from '@inkwell/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { primaryButton } from '../../../components/button-styles';
import { useToast } from '../../../components/toast/toast-context';
import { formatCoins, formatMoney } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CellLabel, HiddenTh, rowButton, stacked, StackedTable, Th } from '../components/data-table';
import { FormPanel } from '../components/edit-form';
import { PageHeader, QueryState } from '../components/list-frame';
import { useAdminPlans } from './api/list-admin-plans';
import { useUpdatePlan } from './api/update-plan';
import { SaleBadge } from './finance-ui';
import { intervalLabel, PlanForm } from './plan-form';

/** Archive or restore: a plan is never deleted (subscribers bought it), it leaves the store instead. */
function ArchiveButton({ plan }: { plan: AdminPlan }) {
  const toast = useToast();
  const updatePlan = useUpdatePlan();
  const archive = plan.isActive;
  return (
    <button
      type="button"
      disabled={updatePlan.isPending}
      className={rowButton}
      aria-label={`${archive ? 'Archive' : 'Restore'} ${plan.name}`}
      onClick={() =>
        updatePlan.mutate(
          { id: plan.id, body: { isActive: !archive } },
          {
            onSuccess: (saved) =>
              toast({
                type: 'success',
                message: saved.isActive
                  ? `${saved.name} is on sale again.`
                  : `${saved.name} archived: no longer sold; its subscribers keep it.`,
                duration: 5000,
              }),
            onError: (error) => toast({ type: 'error', message: error.message || 'Saving failed', duration: 5000 }),
          },
        )
      }
    >
      {archive ? 'Archive' : 'Restore'}
    </button>
  );
}

/** /Dashboard/Finances/Plans: subscription plans, what each has sold, and who holds one now. */
export default function PlansPage() {
  useDocumentTitle('Plans');
  const toast = useToast();
  const plans = useAdminPlans();
  // 'new' for the new-plan form, a plan's id while editing it.
  const [editing, setEditing] = useState<string | null>(null);
  const editedPlan = plans.data?.items.find((plan) => plan.id === editing);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Plans"
        description="Subscriptions sold on the subscriptions page."
        actions={
          editing !== 'new' && (
            <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
              <Plus className="size-4" aria-hidden /> New plan
            </button>
          )
        }
      />

      {(editing === 'new' || editedPlan) && (
        <FormPanel title={editedPlan ? `Edit ${editedPlan.name}` : 'New plan'} scrollKey={editing ?? undefined}>
          <PlanForm
            key={editing}
            {...(editedPlan ? { plan: editedPlan } : {})}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              toast({ type: 'success', message: editedPlan ? `${saved.name} saved.` : `${saved.name} created.`, duration: 4000 });
            }}
          />
        </FormPanel>
      )}

      <QueryState
        query={plans}
        loading="Loading plans…"
        error="We could not load the plans."
        isEmpty={(data) => data.items.length === 0}
        empty="No plans yet. Create one to sell subscriptions."
      >
        {({ items }) => (
          <StackedTable
            head={
              <>
                <Th>Plan</Th>
                <Th>Price</Th>
                <Th>Premium</Th>
                <Th className="text-right">Coins / period</Th>
                <Th>Status</Th>
                <Th className="text-right">Sold</Th>
                <Th className="text-right">Subscribers</Th>
                <HiddenTh>Actions</HiddenTh>
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
                  {formatMoney(plan.priceCents, plan.currency)} / {intervalLabel(plan.interval)}
                </td>
                <td role="cell" className={`order-4 text-right text-zinc-300 sm:text-left ${stacked.cell}`}>
                  <CellLabel>Premium chapters:</CellLabel>
                  {plan.includesPremium ? 'Yes' : 'No'}
                </td>
                <td role="cell" className={`order-5 tabular-nums text-zinc-300 sm:text-right ${stacked.cell}`}>
                  <CellLabel>Coins / period:</CellLabel>
                  {formatCoins(plan.coinsPerPeriod)}
                </td>
                <td role="cell" className={`order-3 ${stacked.cell}`}>
                  <SaleBadge isActive={plan.isActive} offLabel="Archived" />
                </td>
                <td role="cell" className={`order-6 text-right tabular-nums text-zinc-300 ${stacked.cell}`}>
                  <CellLabel>Sold:</CellLabel>
                  {formatCoins(plan.sold)}
                </td>
                <td role="cell" className={`order-7 tabular-nums text-zinc-300 sm:text-right ${stacked.cell}`}>
                  <CellLabel>Subscribers now:</CellLabel>
                  {formatCoins(plan.activeSubscribers)}
                </td>
                <td role="cell" className={`order-8 ${stacked.actions}`}>
                  <button
                    type="button"
                    className={rowButton}
                    aria-label={`Edit ${plan.name}`}
                    onClick={() => setEditing(plan.id)}
                  >
                    Edit
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
