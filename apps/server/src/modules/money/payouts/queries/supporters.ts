import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import type { Clock } from '../../../../lib/clock';
import { findPublishedSeries } from '../../../catalogue/series';
import { monthOf, monthRange } from '../payout-months';
import { topSupporters } from '../payouts.repository';

/** How many supporters a series page shows. */
const SUPPORTERS_SHOWN = 10;

/** The month's top supporters of a published series. */
export async function seriesSupporters({ db, clock }: { db: Database; clock: Clock }, seriesId: string) {
  if (!(await findPublishedSeries(db, seriesId))) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  const month = monthOf(clock.now());
  const { from, to } = monthRange(month);
  return { month, items: await topSupporters(db, seriesId, from, to, SUPPORTERS_SHOWN) };
}
