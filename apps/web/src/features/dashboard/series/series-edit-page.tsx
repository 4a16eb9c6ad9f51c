import { isChapterForSale, type ErrorCode, type TeamSeries } from '@inkwell/contract';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { ChapterMarks } from '../../../components/chapter-marks';
import { CoverImage } from '../../../components/cover-image';
import { FormAlert } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { ConfirmButton } from '../components/fields';
import { ImageUpload } from '../components/image-upload';
import { LeaveGuard } from '../components/leave-guard';
import { RecordHeader } from '../components/record-header';
import { useDeleteChapter } from './api/delete-chapter';
import { useDeleteSeries } from './api/delete-series';
import { useTeamSeries } from './api/get-team-series';
import { useUpdateSeries } from './api/update-series';
import { useUploadSeriesCover } from './api/upload-series-cover';
import { ChapterEditor } from './chapter-editor';
import { EditionsSection } from './editions-section';
import { RenumberButton } from './renumber-dialog';
import { PayeesEditor } from './payees-editor';
import { SeriesForm } from './series-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSeriesAccess, type SeriesAccess } from '../series-team/series-access';
import '../messages';

// The membership tiers (issue 38 §1): their own chunk, for the series' creator, editors and admins.
const TiersSection = lazy(() => import('./tiers/tiers-section'));
// Relations between series (issue 39 §5): their own chunk, for those who may edit the series.
const RelationsSection = lazy(() => import('./relations/relations-section'));

/** Answers meaning there is no such series (a malformed id fails validation; `not_found` until the server says `series_not_found`). */
const NOT_A_SERIES: readonly ErrorCode[] = ['series_not_found', 'not_found', 'validation_failed'];

const STATE_STYLE = {
  draft: 'bg-zinc-700 text-zinc-200',
  scheduled: 'bg-violet-500/20 text-violet-300',
  published: 'bg-emerald-500/15 text-emerald-300',
};

const STATE_IDS = {
  draft: 'dashboard.series.state.draft',
  scheduled: 'dashboard.series.state.scheduled',
  published: 'dashboard.series.state.published',
};

function CoverUploader({ series }: { series: TeamSeries }) {
  const t = useT();
  const uploadCover = useUploadSeriesCover();
  const toast = useToast();
  return (
    <div className="w-44 space-y-2">
      <div className="overflow-hidden rounded-xl border border-ink-800">
        <CoverImage cover={series.cover} title={series.title} eager />
      </div>
      <ImageUpload
        label={t(series.cover ? 'dashboard.series.cover.replace' : 'dashboard.series.cover.upload')}
        inputLabel={t('dashboard.series.cover.input')}
        progressLabel={t('dashboard.series.cover.uploading')}
        fallbackError={t('dashboard.series.cover.failed')}
        upload={async (file, onProgress) => {
          await uploadCover.mutateAsync({ seriesId: series.id, file, onProgress });
          toast({ type: 'success', message: t('dashboard.series.cover.saved'), duration: 3000 });
        }}
      />
    </div>
  );
}

/** /Dashboard/Series/Series/EditSerie/{id}: the series' fields, its cover, and its chapters. */
export default function SeriesEditPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.series.edit.documentTitle'));
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const series = useTeamSeries(id);
  const isAdmin = user?.role === 'admin';
  // Issue 37 §3: a member of the series' team sees what their role may change.
  const access = useSeriesAccess(id);
  const updateSeries = useUpdateSeries(id);
  // Here, not in the button: the page outlives the series it deletes, so its toast and move still happen.
  const deleteSeries = useDeleteSeries();

  if (series.isError) {
    const error = series.error;
    if (error instanceof ApiError && error.code && NOT_A_SERIES.includes(error.code))
      return <Navigate to="/errorPage?error=series_not_found" replace />;
    // A series whose team the user is not on (issue 37 §3): the server's refusal, in the page's language.
    if (error instanceof ApiError && error.status === 403 && error.message)
      return <FormAlert tone="error">{error.message}</FormAlert>;
    return <FormAlert tone="error">{t('dashboard.series.edit.loadError')}</FormAlert>;
  }
  if (series.isPending) return <p className="text-zinc-400">{t('dashboard.series.edit.loading')}</p>;
  const data = series.data;

  return (
    // The series form and a chapter's form share one question before leaving.
    <LeaveGuard>
      <div className="space-y-10">
        <RecordHeader
          backTo="/Dashboard/Series/Series"
          backLabel={t('dashboard.series.allSeries')}
          title={data.title}
          siteLink={data.isPublished ? `/SeriesView/${data.slug}` : null}
          actions={
            <>
              {access.canSeeTeam && (
                <Link to={`/Dashboard/Series/Series/EditSerie/${data.id}/Team`} className={secondaryButton}>
                  {t('dashboard.seriesTeam.link')}
                </Link>
              )}
              {access.isStaff && (
                <ConfirmButton
                  label={t('dashboard.series.edit.delete')}
                  confirmLabel={t('dashboard.series.edit.deleteConfirm')}
                  isBusy={deleteSeries.isPending}
                  onConfirm={() =>
                    deleteSeries.mutate(data.id, {
                      onSuccess: () => {
                        toast({
                          type: 'success',
                          message: t('dashboard.series.edit.deleted', { title: data.title }),
                          duration: 3000,
                        });
                        void navigate('/Dashboard/Series/Series');
                      },
                      onError: (error) =>
                        toast({ type: 'error', message: error.message || t('dashboard.series.deleteFailed'), duration: 5000 }),
                    })
                  }
                />
              )}
            </>
          }
        />

        {!access.canEditSeries && (
          <p className="rounded-lg border border-ink-800 bg-ink-900 px-3 py-2 text-sm text-zinc-400">
            {t('dashboard.seriesTeam.access.detailsReadOnly')}
          </p>
        )}
        {access.canEditSeries && (
          <div className="flex flex-col gap-8 lg:flex-row">
            <CoverUploader series={data} />
            <div className="min-w-0 flex-1">
              <SeriesForm
                key={data.id}
                initial={data}
                submitLabel={t('dashboard.series.edit.save')}
                onSubmit={async (input) => {
                  const { type: _type, ...patch } = input;
                  await updateSeries.mutateAsync(patch);
                  toast({ type: 'success', message: t('dashboard.series.edit.saved'), duration: 3000 });
                }}
              />
            </div>
          </div>
        )}

        {isAdmin && <PayeesEditor seriesId={data.id} />}

        {access.canEditSeries && (
          <Suspense fallback={null}>
            <TiersSection seriesId={data.id} />
          </Suspense>
        )}

        {access.canEditSeries && (
          <Suspense fallback={null}>
            <RelationsSection series={data} />
          </Suspense>
        )}

        <EditionsSection series={data} />

        <ChaptersSection series={data} access={access} />
      </div>
    </LeaveGuard>
  );
}

/** The series' chapters, each with its editor opened in place; a new one opens above the list. */
function ChaptersSection({ series, access }: { series: TeamSeries; access: SeriesAccess }) {
  const t = useT();
  const toast = useToast();
  // Here, not in a chapter's row: the row is gone once the list is fetched again, its toast with it.
  const deleteChapter = useDeleteChapter(series.id);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const isAdding = editing === 'new';
  const nextNumber = Math.floor(Math.max(0, ...series.chapters.map((c) => c.number))) + 1;
  // One clock value for every row's sale marks, read as the list is drawn.
  const now = new Date();
  const editor = (chapterId?: string) => (
    <ChapterEditor
      seriesId={series.id}
      seriesType={series.type}
      chapterId={chapterId}
      nextNumber={nextNumber}
      canEditPrices={access.canEditSeries}
      canPublish={access.canPublish}
      onDone={() => setEditing(null)}
    />
  );

  return (
    <section aria-labelledby="chapters-h" className="space-y-4">
      <div className="flex items-center justify-between">
        <h2 id="chapters-h" className="text-xl font-bold text-white">
          {richText(t('dashboard.series.chapters.heading', { count: series.chapters.length }), {
            count: (words) => <span className="text-base font-normal text-zinc-400">{words}</span>,
          })}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {series.chapters.length > 0 && <RenumberButton series={series} />}
          <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
            <Plus className="size-4" aria-hidden /> {t('dashboard.series.chapter.new')}
          </button>
        </div>
      </div>
      {isAdding && editor()}
      {series.chapters.length === 0 ? (
        <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">{t('dashboard.series.chapters.empty')}</p>
      ) : (
        <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
          {series.chapters.map((chapter) => (
            <li key={chapter.id} className="px-4 py-3">
              <ChapterRow
                series={series}
                chapter={chapter}
                now={now}
                isEditing={editing === chapter.id}
                onToggleEdit={() => setEditing(editing === chapter.id ? null : chapter.id)}
                onDelete={() =>
                  deleteChapter.mutate(chapter.id, {
                    onSuccess: () =>
                      toast({
                        type: 'success',
                        message: t('dashboard.series.chapters.deleted', { number: chapter.number }),
                        duration: 3000,
                      }),
                    onError: (error) =>
                      toast({ type: 'error', message: error.message || t('dashboard.series.deleteFailed'), duration: 5000 }),
                  })
                }
              />
              {editing === chapter.id && <div className="mt-3">{editor(chapter.id)}</div>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A chapter's line: number and title, state, sale marks, pages and date, then its actions. */
function ChapterRow({
  series,
  chapter,
  now,
  isEditing,
  onToggleEdit,
  onDelete,
}: {
  series: TeamSeries;
  chapter: TeamSeries['chapters'][number];
  now: Date;
  isEditing: boolean;
  onToggleEdit(): void;
  onDelete(): void;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-zinc-100">{format.chapterLabel(chapter)}</span>
        {chapter.volume != null && (
          <span className="rounded bg-ink-800 px-1.5 py-0.5 text-xs text-zinc-300" data-testid="chapter-volume">
            {t('dashboard.volumes.inVolume', { number: chapter.volume })}
          </span>
        )}
        <span className={`rounded px-1.5 py-0.5 text-[10px] font-bold uppercase ${STATE_STYLE[chapter.state]}`}>
          {t(STATE_IDS[chapter.state])}
        </span>
        {chapter.price > 0 && (
          <ChapterMarks
            chapter={{
              ...chapter,
              access: chapter.freeAt !== null && isChapterForSale(chapter, now) ? 'early_access' : 'locked',
            }}
          />
        )}
        <span className="text-xs text-zinc-400">
          {/* A novel's row has no page count: no dot left standing before its date. */}
          {[
            series.type === 'comic' && t('dashboard.series.chapters.pages', { count: chapter.pageCount }),
            chapter.publishedAt && format.date(chapter.publishedAt),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div className="flex items-center gap-1">
        {/* Issue 33 §7: how a visitor will meet it, drafts and scheduled chapters as at their release. */}
        <a
          href={`/SeriesView/${series.slug}/${chapter.slug}?as=visitor`}
          target="_blank"
          rel="noopener"
          aria-label={t('dashboard.series.chapters.previewLabel', { number: chapter.number })}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800"
        >
          {t('dashboard.series.chapters.preview')}
        </a>
        <button
          type="button"
          onClick={onToggleEdit}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800"
        >
          {t(isEditing ? 'dashboard.series.close' : 'dashboard.series.chapters.edit')}
        </button>
        <ConfirmButton label={t('dashboard.series.chapters.delete')} onConfirm={onDelete} />
      </div>
    </div>
  );
}
