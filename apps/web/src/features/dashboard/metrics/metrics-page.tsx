// i18n: not yet in the catalogues (issue 35)
import type { TeamMetrics } from '@inkwell/contract';
import { Link } from 'react-router';
import { formatCoins } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTeamMetrics, type DayRange } from './api/metrics';
import { CHART_COLORS } from './charts';
import { csvName } from './csv';
import { countColumn, formatCount, MetricsFrame, seriesLinkColumn } from './metrics-frame';
import { DailySection, RankSection, StatGrid } from './metrics-sections';
import { DataTable, StatCard, type Column } from './metrics-ui';
import { useMetricsRange } from './range';
import { SeriesFunnelSection } from './series-funnel';

type Day = TeamMetrics['days'][number];
type SeriesRow = TeamMetrics['topSeries'][number];
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
          <StatGrid columns={4}>
            <StatCard label="Views" value={formatCount(data.totals.views)} />
            <StatCard label="Followers gained" value={formatCount(data.totals.followers)} />
            <StatCard label="Comments" value={formatCount(data.totals.comments)} />
            <StatCard
              label="Unlocks"
              value={formatCount(data.totals.unlocks)}
              hint={`${formatCoins(data.totals.unlockCoins)} coins`}
            />
          </StatGrid>
          <ActivitySections data={data} range={range} />
          <RankingSections data={data} range={range} />
          <UnlocksSection data={data} range={range} />
          <SeriesFunnelSection range={range} topSeries={data.topSeries} />
        </>
      )}
    </MetricsFrame>
  );
}

interface SectionProps {
  data: TeamMetrics;
  range: DayRange;
}

/** Views, and followers and comments, per day. */
function ActivitySections({ data, range }: SectionProps) {
  return (
    <>
      <DailySection
        title="Views per day"
        description="Series pages and chapters read."
        days={data.days}
        charts={[{ label: 'Views per day', series: [{ key: 'views', label: 'Views', color: CHART_COLORS[0] }] }]}
        table={{
          caption: 'Views per day',
          columns: [countColumn<Day>('Views', (row) => row.views)],
          filename: csvName('views', range),
        }}
      />
      <DailySection
        title="Followers and comments per day"
        description="Bookmarks added, and comments and replies written."
        days={data.days}
        charts={[
          {
            label: 'Followers gained and comments per day',
            kind: 'bar',
            series: [
              { key: 'followers', label: 'Followers gained', color: CHART_COLORS[1] },
              { key: 'comments', label: 'Comments', color: CHART_COLORS[2] },
            ],
          },
        ]}
        table={{
          caption: 'Followers and comments per day',
          columns: [
            countColumn<Day>('Followers gained', (row) => row.followers),
            countColumn<Day>('Comments', (row) => row.comments),
          ],
          filename: csvName('followers-comments', range),
        }}
      />
    </>
  );
}

/** The series and the chapters read most. */
function RankingSections({ data, range }: SectionProps) {
  return (
    <>
      <RankSection
        title="Top series"
        description="By views in the range, chapters included."
        chart={{
          label: 'Top series by views',
          valueLabel: 'Views',
          data: data.topSeries.map((row) => ({ name: row.title, value: row.views })),
        }}
        table={{
          caption: 'Top series by views',
          columns: [seriesLinkColumn<SeriesRow>(), countColumn<SeriesRow>('Views', (row) => row.views)],
          rows: data.topSeries,
          rowKey: (row) => row.seriesId,
          filename: csvName('top-series', range),
          empty: 'No views in this range.',
        }}
      />
      <RankSection
        title="Top chapters"
        description="By views in the range."
        chart={{
          label: 'Top chapters by views',
          valueLabel: 'Views',
          color: CHART_COLORS[4],
          data: data.topChapters.map((row) => ({ name: `${row.seriesTitle} · ${row.number}`, value: row.views })),
        }}
        table={{
          caption: 'Top chapters by views',
          columns: [
            seriesColumn<ChapterRow>(),
            chapterColumn<ChapterRow>(),
            countColumn<ChapterRow>('Views', (row) => row.views),
          ],
          rows: data.topChapters,
          rowKey: (row) => row.chapterId,
          filename: csvName('top-chapters', range),
          empty: 'No chapter views in this range.',
        }}
      />
    </>
  );
}

/** Unlocks per day, and the chapters unlocked most. */
function UnlocksSection({ data, range }: SectionProps) {
  return (
    <DailySection
      title="Unlocks"
      description="Chapters unlocked with coins: per day, and the chapters unlocked most."
      days={data.days}
      charts={[{ label: 'Unlocks per day', kind: 'bar', series: [{ key: 'unlocks', label: 'Unlocks', color: CHART_COLORS[3] }] }]}
      table={{
        caption: 'Unlocks per day',
        columns: [countColumn<Day>('Unlocks', (row) => row.unlocks), countColumn<Day>('Coins', (row) => row.unlockCoins)],
        filename: csvName('unlocks', range),
      }}
    >
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
    </DailySection>
  );
}
