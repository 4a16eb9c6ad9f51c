import type { TeamTier } from '@inkwell/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { primaryButton } from '../../../../components/button-styles';
import { useToast } from '../../../../components/toast/toast-context';
import { useFormat } from '../../../../lib/i18n/format';
import { useT } from '../../../../lib/i18n/i18n-context';
import { CellLabel, HiddenTh, rowButton, stacked, StackedTable, Th } from '../../components/data-table';
import { FormPanel } from '../../components/edit-form';
import { QueryState } from '../../components/list-frame';
import { SaleBadge } from '../../finances/finance-ui';
import { useTeamTiers, useUpdateTier } from './api';
import { TierForm } from './tier-form';
import '../../messages';

/** Archive or restore: a tier is never deleted (its members bought it), it leaves the series page instead. */
function ArchiveButton({ seriesId, tier }: { seriesId: string; tier: TeamTier }) {
  const t = useT();
  const toast = useToast();
  const updateTier = useUpdateTier(seriesId);
  const archive = tier.isActive;
  return (
    <button
      type="button"
      disabled={updateTier.isPending}
      className={rowButton}
      aria-label={t(archive ? 'dashboard.tiers.archiveLabel' : 'dashboard.tiers.restoreLabel', { name: tier.name })}
      onClick={() =>
        updateTier.mutate(
          { tierId: tier.id, body: { isActive: !archive } },
          {
            onSuccess: (saved) =>
              toast({
                type: 'success',
                message: t(saved.isActive ? 'dashboard.tiers.restored' : 'dashboard.tiers.archived', { name: saved.name }),
                duration: 5000,
              }),
            onError: (error) =>
              toast({ type: 'error', message: error.message || t('dashboard.tiers.saveFailed'), duration: 5000 }),
          },
        )
      }
    >
      {t(archive ? 'dashboard.tiers.archive' : 'dashboard.tiers.restore')}
    </button>
  );
}

function TierRow({ seriesId, tier, onEdit }: { seriesId: string; tier: TeamTier; onEdit(): void }) {
  const t = useT();
  const format = useFormat();
  return (
    <tr role="row" className={`${stacked.row} ${tier.isActive ? '' : 'text-zinc-400'}`} data-testid="team-tier">
      <td role="cell" className={`order-1 min-w-0 sm:min-w-40 ${stacked.cell}`}>
        <p className="font-medium text-zinc-100">{tier.name}</p>
        {tier.description && <p className="line-clamp-1 max-w-xs text-xs text-zinc-400">{tier.description}</p>}
      </td>
      <td role="cell" className={`order-2 whitespace-nowrap text-right text-zinc-200 sm:text-left ${stacked.cell}`}>
        {t('dashboard.tiers.pricePer', { price: format.money(tier.priceCents, tier.currency), interval: tier.interval })}
      </td>
      <td role="cell" className={`order-4 tabular-nums text-zinc-300 sm:text-right ${stacked.cell}`}>
        <CellLabel>{t('dashboard.tiers.earlyAccessCell')}</CellLabel>
        {t('dashboard.tiers.days', { count: tier.earlyAccessDays })}
      </td>
      <td role="cell" className={`order-5 tabular-nums text-zinc-300 sm:text-right ${stacked.cell}`}>
        <CellLabel>{t('dashboard.tiers.coinsCell')}</CellLabel>
        {format.count(tier.coinsPerPeriod)}
      </td>
      <td role="cell" className={`order-3 ${stacked.cell}`}>
        <SaleBadge isActive={tier.isActive} offLabel={t('dashboard.tiers.archivedBadge')} />
      </td>
      <td role="cell" className={`order-6 text-right tabular-nums text-zinc-300 ${stacked.cell}`}>
        <CellLabel>{t('dashboard.tiers.membersCell')}</CellLabel>
        {format.count(tier.activeMembers)}
      </td>
      <td role="cell" className={`order-7 text-right tabular-nums text-zinc-300 ${stacked.cell}`}>
        <CellLabel>{t('dashboard.tiers.soldCell')}</CellLabel>
        {format.count(tier.sold)}
      </td>
      <td role="cell" className={`order-8 whitespace-nowrap text-right ${stacked.cell}`}>
        <button
          type="button"
          className={rowButton}
          aria-label={t('dashboard.tiers.editLabel', { name: tier.name })}
          onClick={onEdit}
        >
          {t('dashboard.tiers.edit')}
        </button>
        <ArchiveButton seriesId={seriesId} tier={tier} />
      </td>
    </tr>
  );
}

/**
 * A series' membership tiers (issue 38 §1), on its dashboard page for its creator, editors and
 * admins: what each costs, how many days early its members read, what it sold and who holds it
 * now; a new one, or what may change of one (a tier is archived, never deleted).
 */
export default function TiersSection({ seriesId }: { seriesId: string }) {
  const t = useT();
  const toast = useToast();
  const tiers = useTeamTiers(seriesId);
  // 'new' for the new-tier form, a tier's id while editing it.
  const [editing, setEditing] = useState<string | null>(null);
  const edited = tiers.data?.items.find((tier) => tier.id === editing);
  const isAdding = editing === 'new';

  return (
    <section aria-labelledby="tiers-h" className="space-y-4" data-testid="tiers-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="tiers-h" className="text-xl font-bold text-white">
            {t('dashboard.tiers.heading')}
          </h2>
          <p className="text-sm text-zinc-400">{t('dashboard.tiers.intro')}</p>
        </div>
        {!isAdding && (
          <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
            <Plus className="size-4" aria-hidden /> {t('dashboard.tiers.new')}
          </button>
        )}
      </div>
      {(isAdding || edited) && (
        <FormPanel
          title={edited ? t('dashboard.tiers.editLabel', { name: edited.name }) : t('dashboard.tiers.new')}
          scrollKey={editing ?? undefined}
        >
          <TierForm
            key={editing}
            seriesId={seriesId}
            {...(edited ? { tier: edited } : {})}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              toast({
                type: 'success',
                message: t(edited ? 'dashboard.tiers.saved' : 'dashboard.tiers.created', { name: saved.name }),
                duration: 4000,
              });
            }}
          />
        </FormPanel>
      )}
      <QueryState
        query={tiers}
        loading={t('dashboard.tiers.loading')}
        error={t('dashboard.tiers.loadError')}
        isEmpty={(data) => data.items.length === 0}
        empty={t('dashboard.tiers.empty')}
      >
        {({ items }) => (
          <StackedTable
            head={
              <>
                <Th>{t('dashboard.tiers.tier')}</Th>
                <Th>{t('dashboard.tiers.price')}</Th>
                <Th className="text-right">{t('dashboard.tiers.earlyAccess')}</Th>
                <Th className="text-right">{t('dashboard.tiers.coins')}</Th>
                <Th>{t('dashboard.tiers.status')}</Th>
                <Th className="text-right">{t('dashboard.tiers.members')}</Th>
                <Th className="text-right">{t('dashboard.tiers.sold')}</Th>
                <HiddenTh>{t('dashboard.tiers.actions')}</HiddenTh>
              </>
            }
          >
            {items.map((tier) => (
              <TierRow key={tier.id} seriesId={seriesId} tier={tier} onEdit={() => setEditing(tier.id)} />
            ))}
          </StackedTable>
        )}
      </QueryState>
    </section>
  );
}
