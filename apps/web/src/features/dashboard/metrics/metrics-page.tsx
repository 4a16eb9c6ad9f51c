import type { TeamMetrics } from '@inkwell/contract';
import { Link } from 'react-router';
import { formatCoins } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTeamMetrics } from './api/metrics';
import { CHART_COLORS, DailyChart, RankChart } from './charts';
import { csvName } from './csv';
import { countColumn, dayColumn, formatCount, MetricsFrame, seriesLinkColumn } from './metrics-frame';
import { DataTable, MetricSection, StatCard, type Column } from './metrics-ui';
import { useMetricsRange } from './range';
import { SeriesFunnelSection } from './series-funnel';

type Day = TeamMetrics['days'][number];
type ChapterRow = TeamMetrics['topChapters'][number];
type UnlockRow = TeamMetrics['topUnlocks'][number];

const chapterName = (row: Pick<ChapterRow, 'number' | 'title'>) => `Chapter ${row.number}${row.title ? ` · ${row.title}` : ''}`;
const seriesColumn = <T extends { seriesTitle: string; seriesSlug: string }>(): Column<T> => ({
  label: 'Series',
  cell: (row) => (
    <Link to={`/SeriesView/${row.seriesSlug}`} className="text-zinc-100 hover:text-accent-400">
      {row.seriesTitle}
    </Link>
  ),
  csv: (row) => row.seriesTitle,
});
const chapterColumn = <T extends ChapterRow | UnlockRow>(): Column<T> => ({
  label: 'Chapter',
  cell: (row) => chapterName(row),
  csv: (row) => chapterName(row),
});

/** /Dashboard/Metrics (editors and admins): readers' activity over a chosen range, as charts and tables. */
export default function MetricsPage() {
  useDocumentTitle('Metrics');
  const picker = useMetricsRange();
  const { range } = picker;
  const metrics = useTeamMetrics(range);

  return (
    <MetricsFrame
      title="Metrics"
      description="What readers did, day by day: views, new followers, comments and unlocks. A view counts once per reader per series page or chapter per day."
      picker={picker}
      query={metrics}
    >
      {(data) => (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label="Views" value={formatCount(data.totals.views)} />
            <StatCard label="Followers gained" value={formatCount(data.totals.followers)} />
            <StatCard label="Comments" value={formatCount(data.totals.comments)} />
            <StatCard
              label="Unlocks"
              value={formatCount(data.totals.unlocks)}
              hint={`${formatCoins(data.totals.unlockCoins)} coins`}
            />
          </dl>

          <MetricSection title="Views per day" description="Series pages and chapters read.">
            <DailyChart
              label="Views per day"
              data={data.days}
              series={[{ key: 'views', label: 'Views', color: CHART_COLORS[0] }]}
            />
            <DataTable
              caption="Views per day"
              columns={[dayColumn<Day>(), countColumn<Day>('Views', (row) => row.views)]}
              rows={data.days}
              newestFirst
              rowKey={(row) => row.day}
              filename={csvName('views', range)}
            />
          </MetricSection>

          <MetricSection title="Followers and comments per day" description="Bookmarks added, and comments and replies written.">
            <DailyChart
              label="Followers gained and comments per day"
              kind="bar"
              data={data.days}
              series={[
                { key: 'followers', label: 'Followers gained', color: CHART_COLORS[1] },
                { key: 'comments', label: 'Comments', color: CHART_COLORS[2] },
              ]}
            />
            <DataTable
              caption="Followers and comments per day"
              columns={[
                dayColumn<Day>(),
                countColumn<Day>('Followers gained', (row) => row.followers),
                countColumn<Day>('Comments', (row) => row.comments),
              ]}
              rows={data.days}
              newestFirst
              rowKey={(row) => row.day}
              filename={csvName('followers-comments', range)}
            />
          </MetricSection>

          <MetricSection title="Top series" description="By views in the range, chapters included.">
            <RankChart
              label="Top series by views"
              valueLabel="Views"
              data={data.topSeries.map((row) => ({ name: row.title, value: row.views }))}
            />
            <DataTable
              caption="Top series by views"
              columns={[
                seriesLinkColumn<TeamMetrics['topSeries'][number]>(),
                countColumn<TeamMetrics['topSeries'][number]>('Views', (row) => row.views),
              ]}
              rows={data.topSeries}
              rowKey={(row) => row.seriesId}
              filename={csvName('top-series', range)}
              empty="No views in this range."
            />
          </MetricSection>

          <MetricSection title="Top chapters" description="By views in the range.">
            <RankChart
              label="Top chapters by views"
              valueLabel="Views"
              color={CHART_COLORS[4]}
              data={data.topChapters.map((row) => ({ name: `${row.seriesTitle} · ${row.number}`, value: row.views }))}
            />
            <DataTable
              caption="Top chapters by views"
              columns={[
                seriesColumn<ChapterRow>(),
                chapterColumn<ChapterRow>(),
                countColumn<ChapterRow>('Views', (row) => row.views),
              ]}
              rows={data.topChapters}
              rowKey={(row) => row.chapterId}
              filename={csvName('top-chapters', range)}
              empty="No chapter views in this range."
            />
          </MetricSection>

          <MetricSection title="Unlocks" description="Chapters unlocked with coins: per day, and the chapters unlocked most.">
            <DailyChart
              label="Unlocks per day"
              kind="bar"
              data={data.days}
              series={[{ key: 'unlocks', label: 'Unlocks', color: CHART_COLORS[3] }]}
            />
            <DataTable
              caption="Unlocks per day"
              columns={[
                dayColumn<Day>(),
                countColumn<Day>('Unlocks', (row) => row.unlocks),
                countColumn<Day>('Coins', (row) => row.unlockCoins),
              ]}
              rows={data.days}
              newestFirst
              rowKey={(row) => row.day}
              filename={csvName('unlocks', range)}
            />
            <DataTable
              caption="Unlocks per chapter"
              columns={[
                seriesColumn<UnlockRow>(),
                chapterColumn<UnlockRow>(),
                countColumn<UnlockRow>('Unlocks', (row) => row.unlocks),
                countColumn<UnlockRow>('Coins', (row) => row.coins),
              ]}
              rows={data.topUnlocks}
              rowKey={(row) => row.chapterId}
              filename={csvName('unlocks-per-chapter', range)}
              empty="No unlocks in this range."
            />
          </MetricSection>

          <SeriesFunnelSection range={range} topSeries={data.topSeries} />
        </>
      )}
    </MetricsFrame>
  );
}
