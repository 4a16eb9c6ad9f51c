import type { TeamMetrics } from '@inkwell/contract';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { formatCoins } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTeamMetrics } from './api/metrics';
import { CHART_COLORS, DailyChart, RankChart } from './charts';
import { csvName } from './csv';
import { DataTable, MetricSection, RangePicker, StatCard, type Column } from './metrics-ui';
import { longDay, useMetricsRange } from './range';

type Day = TeamMetrics['days'][number];
type ChapterRow = TeamMetrics['topChapters'][number];
type UnlockRow = TeamMetrics['topUnlocks'][number];

const n = (value: number) => value.toLocaleString('en');
const dayColumn: Column<Day> = { label: 'Day', cell: (row) => longDay(row.day), csv: (row) => row.day, nowrap: true };
const count = <T,>(label: string, pick: (row: T) => number): Column<T> => ({
  label,
  cell: (row) => n(pick(row)),
  csv: pick,
  numeric: true,
});
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
  const { range, preset, choosePreset, chooseCustom } = useMetricsRange();
  const metrics = useTeamMetrics(range);
  const data = metrics.data;

  return (
    <div>
      <h1 className="text-2xl font-bold text-white">Metrics</h1>
      <p className="mt-1 text-sm text-zinc-400">
        What readers did, day by day: views, new followers, comments and unlocks. A view counts once per reader per series page or
        chapter per day.
      </p>
      <RangePicker
        key={`${range.from}:${range.to}`}
        range={range}
        preset={preset}
        onPreset={choosePreset}
        onCustom={chooseCustom}
      />

      {metrics.isPending ? (
        <p className="mt-6 text-zinc-400">Loading metrics…</p>
      ) : metrics.isError || !data ? (
        <div className="mt-6">
          <LoadError message="We could not load the metrics." onRetry={() => void metrics.refetch()} />
        </div>
      ) : (
        <div aria-busy={metrics.isFetching} className={metrics.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
          <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label="Views" value={n(data.totals.views)} />
            <StatCard label="Followers gained" value={n(data.totals.followers)} />
            <StatCard label="Comments" value={n(data.totals.comments)} />
            <StatCard label="Unlocks" value={n(data.totals.unlocks)} hint={`${formatCoins(data.totals.unlockCoins)} coins`} />
          </dl>

          <MetricSection title="Views per day" description="Series pages and chapters read.">
            <DailyChart
              label="Views per day"
              data={data.days}
              series={[{ key: 'views', label: 'Views', color: CHART_COLORS[0] }]}
            />
            <DataTable
              caption="Views per day"
              columns={[dayColumn, count<Day>('Views', (row) => row.views)]}
              rows={data.days}
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
                dayColumn,
                count<Day>('Followers gained', (row) => row.followers),
                count<Day>('Comments', (row) => row.comments),
              ]}
              rows={data.days}
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
                {
                  label: 'Series',
                  cell: (row) => (
                    <Link to={`/SeriesView/${row.slug}`} className="text-zinc-100 hover:text-accent-400">
                      {row.title}
                    </Link>
                  ),
                  csv: (row) => row.title,
                },
                count<TeamMetrics['topSeries'][number]>('Views', (row) => row.views),
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
              columns={[seriesColumn<ChapterRow>(), chapterColumn<ChapterRow>(), count<ChapterRow>('Views', (row) => row.views)]}
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
              columns={[dayColumn, count<Day>('Unlocks', (row) => row.unlocks), count<Day>('Coins', (row) => row.unlockCoins)]}
              rows={data.days}
              rowKey={(row) => row.day}
              filename={csvName('unlocks', range)}
            />
            <DataTable
              caption="Unlocks per chapter"
              columns={[
                seriesColumn<UnlockRow>(),
                chapterColumn<UnlockRow>(),
                count<UnlockRow>('Unlocks', (row) => row.unlocks),
                count<UnlockRow>('Coins', (row) => row.coins),
              ]}
              rows={data.topUnlocks}
              rowKey={(row) => row.chapterId}
              filename={csvName('unlocks-per-chapter', range)}
              empty="No unlocks in this range."
            />
          </MetricSection>
        </div>
      )}
    </div>
  );
}
