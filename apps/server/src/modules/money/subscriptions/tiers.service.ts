import { SERIES_TIERS_MAX, type tierInputSchema, type tierPatchSchema } from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import { findPublishedSeries, findSeriesById } from '../../catalogue/series';
import { type AuditContext, changesBetween, recordAuditEntry } from '../../team/audit';
import { findMembership, runningMemberships, seriesMemberCounts } from './queries/memberships';
import { findTier, listTiersOfSeries, type TierRow } from './queries/tiers';
import { toMembership, toTeamTier, toTier } from './subscriptions.presenter';
import { countTiersOfSeries, insertTier, updateTier } from './subscriptions.repository';

/** What the audit log names of a tier's change, in the team's words. */
const TIER_FIELDS: Partial<Record<keyof TierRow, string>> = {
  name: 'Name',
  description: 'Description',
  earlyAccessDays: 'Early access (days)',
  coinsPerPeriod: 'Coins per period',
  isActive: 'On sale',
  position: 'Position',
};

const tierNotFound = () => new AppError('not_found', 'apiErrors.money.tierNotFound');

/**
 * Who makes a team's call on a tier: site staff (an editor, an admin) or a member of the series'
 * team (its creator). A tier's coins are money the site pays the series' payees for when spent,
 * so only staff give coins with a tier: a creator's tier has none, and their edit cannot add any.
 */
interface TierEditor {
  staff: boolean;
}
const coinsAreStaffs = () => new AppError('forbidden', 'apiErrors.seriesTeam.tierCoins');

/**
 * A series' membership tiers and the readers' memberships (issue 38 §1): the series page's tiers,
 * the team's (its creator's, an editor's) list and edits of them, and a reader's memberships.
 * Buying, renewing, cancelling and refunding one is the payments', as for plans. A tier's price,
 * currency and interval are fixed once it exists (members bought those terms); a tier that has
 * been sold is never deleted, only archived.
 */
export function createMemberships({ db, clock, events }: { db: Database; clock: Clock; events: EventPublisher }) {
  async function seriesOrThrow(seriesId: string) {
    const series = await findSeriesById(db, seriesId);
    if (!series) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
    return series;
  }

  async function teamTier(seriesId: string, tierId: string) {
    const rows = await listTiersOfSeries(db, seriesId, { activeOnly: false, now: clock.now() });
    const row = rows.find((item) => item.tier.id === tierId);
    if (!row) throw tierNotFound();
    return toTeamTier(row.tier, row);
  }

  return {
    /** PUB/series/:id/tiers: the tiers on sale, cheapest first, and how many readers are members now. */
    async seriesTiers(seriesId: string) {
      if (!(await findPublishedSeries(db, seriesId))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
      const now = clock.now();
      const [rows, counts] = await Promise.all([
        listTiersOfSeries(db, seriesId, { activeOnly: true, now }),
        seriesMemberCounts(db, seriesId, now),
      ]);
      return { items: rows.map((row) => toTier(row.tier)), members: counts.running };
    },

    async teamTiers(seriesId: string) {
      await seriesOrThrow(seriesId);
      const rows = await listTiersOfSeries(db, seriesId, { activeOnly: false, now: clock.now() });
      return { items: rows.map((row) => toTeamTier(row.tier, row)) };
    },

    /** A new tier, with its audit entry in the same transaction; a series offers at most SERIES_TIERS_MAX. */
    async createTier(
      seriesId: string,
      input: z.output<typeof tierInputSchema>,
      audit?: AuditContext,
      editor: TierEditor = { staff: true },
    ) {
      if (!editor.staff && input.coinsPerPeriod > 0) throw coinsAreStaffs();
      const series = await seriesOrThrow(seriesId);
      const tier = await db.transaction(async (tx) => {
        if ((await countTiersOfSeries(tx, seriesId)) >= SERIES_TIERS_MAX)
          throw new AppError('conflict', 'apiErrors.money.tooManyTiers', { values: { max: SERIES_TIERS_MAX } });
        const row = await insertTier(tx, { ...input, seriesId });
        if (audit)
          await recordAuditEntry(tx, audit, {
            target: { type: 'tier', id: row.id, label: `${series.title} · ${row.name}` },
          });
        return row;
      });
      // The series page (its tiers) and who reads its chapters early change with it.
      events.publish({ type: 'series.changed', seriesId });
      return teamTier(seriesId, tier.id);
    },

    /** A tier's edit (never its price, currency or interval), with its audit entry in the same transaction. */
    async updateTier(
      seriesId: string,
      tierId: string,
      patch: z.output<typeof tierPatchSchema>,
      audit?: AuditContext,
      editor: TierEditor = { staff: true },
    ) {
      const series = await findSeriesById(db, seriesId);
      if (!series) throw tierNotFound();
      await db.transaction(async (tx) => {
        const before = await findTierOfSeries(tx, seriesId, tierId);
        // The form may send the coins again unchanged, or fewer: only a creator's more coins are refused.
        const coins = patch.coinsPerPeriod;
        if (!editor.staff && coins !== undefined && coins > before.coinsPerPeriod) throw coinsAreStaffs();
        const after = await updateTier(tx, tierId, patch);
        if (!after) throw tierNotFound();
        if (audit)
          await recordAuditEntry(tx, audit, {
            target: { type: 'tier', id: tierId, label: `${series.title} · ${after.name}` },
            changes: changesBetween(before, after, TIER_FIELDS, ['description']),
            details: null,
          });
      });
      events.publish({ type: 'series.changed', seriesId });
      return teamTier(seriesId, tierId);
    },

    /** ME/memberships: the reader's running memberships, newest first. */
    async memberships(userId: string) {
      return { items: (await runningMemberships(db, userId, clock.now())).map(toMembership) };
    },

    /** One membership as ME/memberships shows it (the cancel's answer). */
    async membership(subscriptionId: string) {
      const row = await findMembership(db, subscriptionId);
      if (!row) throw new AppError('not_found', 'apiErrors.money.noMembershipToCancel');
      return toMembership(row);
    },
  };
}

/** The tier, when it is one of the series' (another series' tier does not exist here). */
async function findTierOfSeries(tx: Database, seriesId: string, tierId: string): Promise<TierRow> {
  const tier = await findTier(tx, tierId);
  if (!tier || tier.seriesId !== seriesId) throw tierNotFound();
  return tier;
}
