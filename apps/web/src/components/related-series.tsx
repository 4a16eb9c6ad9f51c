import type { SeriesRelationKind } from '@inkwell/contract';
import { Link } from 'react-router';
import { useT } from '../lib/i18n/i18n-context';
import { useSeriesRelations } from '../lib/relations/relations';
import { AdultBadge } from './adult-badge';
import '../lib/i18n/relations-messages';

/** The message id naming a relation's kind. */
const KIND_IDS = {
  adaptation: 'common.relations.kind.adaptation',
  source: 'common.relations.kind.source',
  sequel: 'common.relations.kind.sequel',
  prequel: 'common.relations.kind.prequel',
  'spin-off': 'common.relations.kind.spinOff',
  'spun-off-from': 'common.relations.kind.spunOffFrom',
} as const satisfies Record<SeriesRelationKind, string>;

/**
 * "Related" on a series page (issue 39 §5): each related series the viewer may see, by kind
 * ("Adaptation: …", "Source: …", "Sequel: …"). Draws nothing when there is none or the call failed.
 */
export function RelatedSeries({ seriesId }: { seriesId: string }) {
  const t = useT();
  const { data } = useSeriesRelations(seriesId);
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby={`related-${seriesId}`} className="mt-6" data-testid="related-series">
      <h2 id={`related-${seriesId}`} className="text-sm font-semibold uppercase tracking-wide text-zinc-400">
        {t('common.relations.heading')}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {data.items.map((item) => (
          <div key={item.series.id} className="contents">
            <dt className="text-zinc-400">{t(KIND_IDS[item.kind])}</dt>
            <dd className="flex items-center gap-2">
              <Link to={`/SeriesView/${item.series.slug}`} className="font-semibold text-accent-400 hover:text-accent-300">
                {item.series.title}
              </Link>
              {item.series.isAdult && <AdultBadge />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
