import { SeriesFunnelSection } from '../metrics/series-funnel';
import { useMetricsRange } from '../metrics/range';

/** A series' creator sees its funnel here (issue 37 §3): the site-wide Metrics page is not theirs. */
export default function SeriesFunnelPanel({ seriesId, title, slug }: { seriesId: string; title: string; slug: string }) {
  const { range } = useMetricsRange();
  return <SeriesFunnelSection range={range} topSeries={[{ seriesId, title, slug, views: 0 }]} />;
}
