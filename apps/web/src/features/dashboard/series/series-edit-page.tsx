// i18n: not yet in the catalogues (issue 35)
import { isChapterForSale, type ErrorCode, type TeamSeries } from '@inkwell/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { ChapterMarks } from '../../../components/chapter-marks';
import { CoverImage } from '../../../components/cover-image';
import { FormAlert } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatDate } from '../../../lib/time';
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
import { PayeesEditor } from './payees-editor';
import { SeriesForm } from './series-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Answers meaning there is no such series (a malformed id fails validation; `not_found` until the server says `series_not_found`). */
const NOT_A_SERIES: readonly ErrorCode[] = ['series_not_found', 'not_found', 'validation_failed'];

const STATE_STYLE = {
  draft: 'bg-zinc-700 text-zinc-200',
  scheduled: 'bg-violet-500/20 text-violet-300',
  published: 'bg-emerald-500/15 text-emerald-300',
};

function CoverUploader({ series }: { series: TeamSeries }) {
  const uploadCover = useUploadSeriesCover();
  const toast = useToast();
  return (
    <div className="w-44 space-y-2">
      <div className="overflow-hidden rounded-xl border border-ink-800">
        <CoverImage cover={series.cover} title={series.title} eager />
      </div>
      <ImageUpload
        label={series.cover ? 'Replace cover' : 'Upload cover'}
        inputLabel="Cover image"
        progressLabel="Uploading cover"
        fallbackError="The cover could not be saved."
        upload={async (file, onProgress) => {
          await uploadCover.mutateAsync({ seriesId: series.id, file, onProgress });
          toast({ type: 'success', message: 'Cover saved', duration: 3000 });
        }}
      />
    </div>
  );
}

/** /Dashboard/Series/Series/EditSerie/{id}: the series' fields, its cover, and its chapters. */
export default function SeriesEditPage() {
  useDocumentTitle('Edit series');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const series = useTeamSeries(id);
  const updateSeries = useUpdateSeries(id);
  // Here, not in the button: the page outlives the series it deletes, so its toast and move still happen.
  const deleteSeries = useDeleteSeries();

  if (series.isError) {
    const error = series.error;
    if (error instanceof ApiError && error.code && NOT_A_SERIES.includes(error.code))
      return <Navigate to="/errorPage?error=series_not_found" replace />;
    return <FormAlert tone="error">We could not load this series.</FormAlert>;
  }
  if (series.isPending) return <p className="text-zinc-400">Loading the series…</p>;
  const data = series.data;

  return (
    // The series form and a chapter's form share one question before leaving.
    <LeaveGuard>
      <div className="space-y-10">
        <RecordHeader
          backTo="/Dashboard/Series/Series"
          backLabel="All series"
          title={data.title}
          siteLink={data.isPublished ? `/SeriesView/${data.slug}` : null}
          actions={
            <ConfirmButton
              label="Delete series"
              confirmLabel="Yes, delete it and its chapters"
              isBusy={deleteSeries.isPending}
              onConfirm={() =>
                deleteSeries.mutate(data.id, {
                  onSuccess: () => {
                    toast({ type: 'success', message: `${data.title} deleted`, duration: 3000 });
                    void navigate('/Dashboard/Series/Series');
                  },
                  onError: (error) => toast({ type: 'error', message: error.message || 'Delete failed', duration: 5000 }),
                })
              }
            />
          }
        />

        <div className="flex flex-col gap-8 lg:flex-row">
          <CoverUploader series={data} />
          <div className="min-w-0 flex-1">
            <SeriesForm
              key={data.id}
              initial={data}
              submitLabel="Save series"
              onSubmit={async (input) => {
                const { type: _type, ...patch } = input;
                await updateSeries.mutateAsync(patch);
                toast({ type: 'success', message: 'Series saved', duration: 3000 });
              }}
            />
          </div>
        </div>

        {user?.role === 'admin' && <PayeesEditor seriesId={data.id} />}

        <ChaptersSection series={data} />
      </div>
    </LeaveGuard>
  );
}

/** The series' chapters, each with its editor opened in place; a new one opens above the list. */
function ChaptersSection({ series }: { series: TeamSeries }) {
  const toast = useToast();
  // Here, not in a chapter's row: the row is gone once the list is fetched again, its toast with it.
  const deleteChapter = useDeleteChapter(series.id);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const nextNumber = Math.floor(Math.max(0, ...series.chapters.map((c) => c.number))) + 1;
  // One clock value for every row's sale marks, read as the list is drawn.
  const now = new Date();
  const editor = (chapterId?: string) => (
    <ChapterEditor
      seriesId={series.id}
      seriesType={series.type}
      chapterId={chapterId}
      nextNumber={nextNumber}
      onDone={() => setEditing(null)}
    />
  );

  return (
    <section aria-labelledby="chapters-h" className="space-y-4">
      <div className="flex items-center justify-between">
        <h2 id="chapters-h" className="text-xl font-bold text-white">
          Chapters <span className="text-base font-normal text-zinc-400">({series.chapters.length})</span>
        </h2>
        <button type="button" onClick={() => setEditing('new')} className={primaryButton}>
          <Plus className="size-4" aria-hidden /> New chapter
        </button>
      </div>
      {editing === 'new' && editor()}
      {series.chapters.length === 0 ? (
        <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">No chapters yet.</p>
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
                    onSuccess: () => toast({ type: 'success', message: `Chapter ${chapter.number} deleted`, duration: 3000 }),
                    onError: (error) => toast({ type: 'error', message: error.message || 'Delete failed', duration: 5000 }),
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
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-zinc-100">
          Chapter {chapter.number}
          {chapter.title && `: ${chapter.title}`}
        </span>
        <span className={`rounded px-1.5 py-0.5 text-[10px] font-bold uppercase ${STATE_STYLE[chapter.state]}`}>
          {chapter.state}
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
          {[series.type === 'comic' && `${chapter.pageCount} pages`, chapter.publishedAt && formatDate(chapter.publishedAt)]
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
          aria-label={`Preview chapter ${chapter.number} as a visitor (opens in a new tab)`}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800"
        >
          Preview
        </a>
        <button
          type="button"
          onClick={onToggleEdit}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800"
        >
          {isEditing ? 'Close' : 'Edit'}
        </button>
        <ConfirmButton label="Delete" onConfirm={onDelete} />
      </div>
    </div>
  );
}
