import type { TeamMetrics } from '@inkwell/contract';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTeamMetrics, type DayRange } from './api/metrics';
import { CHART_COLORS } from './charts';
import { csvName } from './csv';
import { countColumn, MetricsFrame, seriesLinkColumn } from './metrics-frame';
import { DailySection, RankSection, StatGrid } from './metrics-sections';
import { DataTable, StatCard, type Column } from './metrics-ui';
import { useMetricsRange } from './range';
import { SeriesFunnelSection } from './series-funnel';
import '../messages';

type Day = TeamMetrics['days'][number];
type SeriesRow = TeamMetrics['topSeries'][number];
type ChapterRow = TeamMetrics['topChapters'][number];
type UnlockRow = TeamMetrics['topUnlocks'][number];

const chapterName = (t: Translate, row: Pick<ChapterRow, 'number' | 'title'>) =>
  row.title
    ? t('dashboard.metrics.chapterNumberTitle', { number: row.number, title: row.title })
    : t('dashboard.metrics.chapterNumber', { number: row.number });
const seriesColumn = <T extends { seriesTitle: string; seriesSlug: string }>(t: Translate): Column<T> => ({
  label: t('dashboard.metrics.column.series'),
  cell: (row) => (
    <Link to={`/SeriesView/${row.seriesSlug}`} className="text-zinc-100 hover:text-accent-400">
      {row.seriesTitle}
    </Link>
  ),
  csv: (row) => row.seriesTitle,
});
const chapterColumn = <T extends ChapterRow | UnlockRow>(t: Translate): Column<T> => ({
  label: t('dashboard.metrics.column.chapter'),
  cell: (row) => chapterName(t, row),
  csv: (row) => chapterName(t, row),
});

/** /Dashboard/Metrics (editors and admins): readers' activity over a chosen range, as charts and tables. */
export default function MetricsPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('dashboard.metrics.title'));
  const picker = useMetricsRange();
  const { range } = picker;
  const metrics = useTeamMetrics(range);

  return (
    <MetricsFrame
      title={t('dashboard.metrics.title')}
      description={t('dashboard.metrics.description')}
      picker={picker}
      query={metrics}
    >
      {(data) => (
        <>
          <StatGrid columns={4}>
            <StatCard label={t('dashboard.metrics.views')} value={format.count(data.totals.views)} />
            <StatCard label={t('dashboard.metrics.followers')} value={format.count(data.totals.followers)} />
            <StatCard label={t('dashboard.metrics.comments')} value={format.count(data.totals.comments)} />
            <StatCard
              label={t('dashboard.metrics.unlocks')}
              value={format.count(data.totals.unlocks)}
              hint={t('dashboard.metrics.coinsAmount', { coins: format.count(data.totals.unlockCoins) })}
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
  const t = useT();
  const format = useFormat();
  return (
    <>
      <DailySection
        title={t('dashboard.metrics.viewsPerDay')}
        description={t('dashboard.metrics.viewsPerDayDescription')}
        days={data.days}
        charts={[
          {
            label: t('dashboard.metrics.viewsPerDay'),
            series: [{ key: 'views', label: t('dashboard.metrics.views'), color: CHART_COLORS[0] }],
          },
        ]}
        table={{
          caption: t('dashboard.metrics.viewsPerDay'),
          columns: [countColumn<Day>(format, t('dashboard.metrics.views'), (row) => row.views)],
          filename: csvName('views', range),
        }}
      />
      <DailySection
        title={t('dashboard.metrics.followersPerDay')}
        description={t('dashboard.metrics.followersPerDayDescription')}
        days={data.days}
        charts={[
          {
            label: t('dashboard.metrics.followersChart'),
            kind: 'bar',
            series: [
              { key: 'followers', label: t('dashboard.metrics.followers'), color: CHART_COLORS[1] },
              { key: 'comments', label: t('dashboard.metrics.comments'), color: CHART_COLORS[2] },
            ],
          },
        ]}
        table={{
          caption: t('dashboard.metrics.followersPerDay'),
          columns: [
            countColumn<Day>(format, t('dashboard.metrics.followers'), (row) => row.followers),
            countColumn<Day>(format, t('dashboard.metrics.comments'), (row) => row.comments),
          ],
          filename: csvName('followers-comments', range),
        }}
      />
    </>
  );
}

/** The series and the chapters read most. */
function RankingSections({ data, range }: SectionProps) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <RankSection
        title={t('dashboard.metrics.topSeries')}
        description={t('dashboard.metrics.topSeriesDescription')}
        chart={{
          label: t('dashboard.metrics.topSeriesByViews'),
          valueLabel: t('dashboard.metrics.views'),
          data: data.topSeries.map((row) => ({ name: row.title, value: row.views })),
        }}
        table={{
          caption: t('dashboard.metrics.topSeriesByViews'),
          columns: [
            seriesLinkColumn<SeriesRow>(t),
            countColumn<SeriesRow>(format, t('dashboard.metrics.views'), (row) => row.views),
          ],
          rows: data.topSeries,
          rowKey: (row) => row.seriesId,
          filename: csvName('top-series', range),
          empty: t('dashboard.metrics.noViews'),
        }}
      />
      <RankSection
        title={t('dashboard.metrics.topChapters')}
        description={t('dashboard.metrics.topChaptersDescription')}
        chart={{
          label: t('dashboard.metrics.topChaptersByViews'),
          valueLabel: t('dashboard.metrics.views'),
          color: CHART_COLORS[4],
          data: data.topChapters.map((row) => ({
            name: t('dashboard.metrics.seriesChapter', { series: row.seriesTitle, number: row.number }),
            value: row.views,
          })),
        }}
        table={{
          caption: t('dashboard.metrics.topChaptersByViews'),
          columns: [
            seriesColumn<ChapterRow>(t),
            chapterColumn<ChapterRow>(t),
            countColumn<ChapterRow>(format, t('dashboard.metrics.views'), (row) => row.views),
          ],
          rows: data.topChapters,
          rowKey: (row) => row.chapterId,
          filename: csvName('top-chapters', range),
          empty: t('dashboard.metrics.noChapterViews'),
        }}
      />
    </>
  );
}

/** Unlocks per day, and the chapters unlocked most. */
function UnlocksSection({ data, range }: SectionProps) {
  const t = useT();
  const format = useFormat();
  return (
    <DailySection
      title={t('dashboard.metrics.unlocks')}
      description={t('dashboard.metrics.unlocksDescription')}
      days={data.days}
      charts={[
        {
          label: t('dashboard.metrics.unlocksPerDay'),
          kind: 'bar',
          series: [{ key: 'unlocks', label: t('dashboard.metrics.unlocks'), color: CHART_COLORS[3] }],
        },
      ]}
      table={{
        caption: t('dashboard.metrics.unlocksPerDay'),
        columns: [
          countColumn<Day>(format, t('dashboard.metrics.unlocks'), (row) => row.unlocks),
          countColumn<Day>(format, t('dashboard.metrics.column.coins'), (row) => row.unlockCoins),
        ],
        filename: csvName('unlocks', range),
      }}
    >
      <DataTable
        caption={t('dashboard.metrics.unlocksPerChapter')}
        columns={[
          seriesColumn<UnlockRow>(t),
          chapterColumn<UnlockRow>(t),
          countColumn<UnlockRow>(format, t('dashboard.metrics.unlocks'), (row) => row.unlocks),
          countColumn<UnlockRow>(format, t('dashboard.metrics.column.coins'), (row) => row.coins),
        ]}
        rows={data.topUnlocks}
        rowKey={(row) => row.chapterId}
        filename={csvName('unlocks-per-chapter', range)}
        empty={t('dashboard.metrics.noUnlocks')}
      />
    </DailySection>
  );
}
