import type { TeamChapter } from '@inkwell/contract';
import { ArrowDown, ArrowUp, FileArchive, ImagePlus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { secondaryButton } from '../../../components/button-styles';
import { FormAlert } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { ProgressBar } from '../components/fields';
import { IMAGE_ACCEPT } from '../components/image-upload';
import { useAddChapterPages } from './api/add-chapter-pages';
import { useDeleteChapterPage } from './api/delete-chapter-page';
import { useImportChapterArchive } from './api/import-chapter-archive';
import { useReorderChapterPages } from './api/reorder-chapter-pages';
import '../messages';

/** Natural order of file names, so 2.png comes before 10.png as people expect. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The work on a chapter's pages, one at a time: each shows its progress, says when it is done
 * and hands the chapter as the server answered it to `onChanged`.
 */
function usePageWork(seriesId: string, chapter: TeamChapter, onChanged: (chapter: TeamChapter) => void) {
  const t = useT();
  const toast = useToast();
  const addPages = useAddChapterPages(seriesId);
  const importArchive = useImportChapterArchive(seriesId);
  const reorderPages = useReorderChapterPages(seriesId);
  const deletePage = useDeleteChapterPage(seriesId);
  const [progress, setProgress] = useState<{ label: string; value: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (label: string, work: (onProgress: (value: number) => void) => Promise<TeamChapter>, success: string) => {
    setError(null);
    setIsBusy(true);
    setProgress({ label, value: 0 });
    try {
      const updated = await work((value) => setProgress({ label, value }));
      onChanged(updated);
      toast({ type: 'success', message: success, duration: 3000 });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t('dashboard.series.pages.failed'));
    } finally {
      setIsBusy(false);
      setProgress(null);
    }
  };

  const upload = (list: FileList | null) => {
    const files = [...(list ?? [])].sort((a, b) => collator.compare(a.name, b.name));
    if (files.length === 0) return;
    void run(
      t('dashboard.series.pages.uploading', { count: files.length }),
      (onProgress) => addPages.mutateAsync({ chapterId: chapter.id, files, onProgress }),
      t('dashboard.series.pages.added', { count: files.length }),
    );
  };
  const importFrom = (file: File | undefined) => {
    if (!file) return;
    void run(
      t('dashboard.series.pages.importing', { name: file.name }),
      (onProgress) => importArchive.mutateAsync({ chapterId: chapter.id, file, onProgress }),
      t('dashboard.series.pages.imported', { name: file.name }),
    );
  };
  const move = (index: number, delta: number) => {
    const ids = chapter.pages.map((page) => page.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    void run(
      t('dashboard.series.pages.savingOrder'),
      () => reorderPages.mutateAsync({ chapterId: chapter.id, pageIds: ids }),
      t('dashboard.series.pages.orderSaved'),
    );
  };
  const remove = (pageId: string) =>
    void run(
      t('dashboard.series.pages.removing'),
      () => deletePage.mutateAsync({ chapterId: chapter.id, pageId }),
      t('dashboard.series.pages.removed'),
    );

  return { progress, error, isBusy, upload, importFrom, move, remove };
}

/** A comic chapter's pages: upload many at once (with progress), import a .zip/.cbz, reorder, remove. */
export function PageManager({
  seriesId,
  chapter,
  onChanged,
}: {
  seriesId: string;
  chapter: TeamChapter;
  onChanged(chapter: TeamChapter): void;
}) {
  const t = useT();
  const work = usePageWork(seriesId, chapter, onChanged);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="font-semibold text-white">
        {richText(t('dashboard.series.pages.heading', { count: chapter.pages.length }), {
          count: (words) => <span className="text-sm font-normal text-zinc-400">{words}</span>,
        })}
      </h3>
      <PageFileButtons isBusy={work.isBusy} onFiles={work.upload} onArchive={work.importFrom} />
      <p className="text-xs text-zinc-400">{t('dashboard.series.pages.help')}</p>
      {work.progress && <ProgressBar value={work.progress.value} label={work.progress.label} />}
      {work.error && <FormAlert tone="error">{work.error}</FormAlert>}
      {chapter.pages.length > 0 && (
        <ol className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {chapter.pages.map((page, index) => (
            <PageTile
              key={page.id}
              page={page}
              index={index}
              isLast={index === chapter.pages.length - 1}
              isBusy={work.isBusy}
              onMove={(delta) => work.move(index, delta)}
              onRemove={() => work.remove(page.id)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** "Add pages": images, many at once, as a button over a hidden file input emptied after each choice. */
export function AddImagesButton({
  isBusy,
  onFiles,
  label,
}: {
  isBusy: boolean;
  onFiles(files: FileList | null): void;
  /** What the input is called for assistive technology (the button shows "Add pages"). */
  label: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={`${secondaryButton} cursor-pointer`}>
        <ImagePlus className="size-4" aria-hidden /> {t('dashboard.series.pages.add')}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="sr-only"
        disabled={isBusy}
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
        aria-label={label}
      />
    </>
  );
}

/** "Add pages" (images, many at once) and "Import .zip / .cbz", as buttons over hidden file inputs. */
function PageFileButtons({
  isBusy,
  onFiles,
  onArchive,
}: {
  isBusy: boolean;
  onFiles(files: FileList | null): void;
  onArchive(file: File | undefined): void;
}) {
  const t = useT();
  const archiveId = useId();
  return (
    <div className="flex flex-wrap gap-2">
      <AddImagesButton isBusy={isBusy} onFiles={onFiles} label={t('dashboard.series.pages.add')} />
      <label htmlFor={archiveId} className={`${secondaryButton} cursor-pointer`}>
        <FileArchive className="size-4" aria-hidden /> {t('dashboard.series.pages.import')}
      </label>
      <input
        id={archiveId}
        type="file"
        accept=".zip,.cbz,application/zip,application/x-cbz"
        className="sr-only"
        disabled={isBusy}
        onChange={(event) => {
          onArchive(event.target.files?.[0]);
          event.target.value = '';
        }}
        aria-label={t('dashboard.series.pages.importLabel')}
      />
    </div>
  );
}

/** One page: its picture, its place, and buttons to move it or remove it. */
function PageTile({
  page,
  index,
  isLast,
  isBusy,
  onMove,
  onRemove,
}: {
  page: TeamChapter['pages'][number];
  index: number;
  isLast: boolean;
  isBusy: boolean;
  onMove(delta: number): void;
  onRemove(): void;
}) {
  const t = useT();
  const number = index + 1;
  return (
    <li className="overflow-hidden rounded-lg border border-ink-700 bg-ink-900">
      <img
        src={page.url}
        width={page.width}
        height={page.height}
        alt={t('dashboard.series.pages.page', { number })}
        loading="lazy"
        className="aspect-[2/3] w-full object-cover object-top"
      />
      <div className="flex items-center justify-between px-1.5 py-1 text-xs text-zinc-300">
        <span>{index + 1}</span>
        <span className="flex">
          <button
            type="button"
            disabled={isBusy || index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('dashboard.series.pages.moveEarlier', { number })}
            className="rounded p-1 hover:bg-ink-700 disabled:opacity-30"
          >
            <ArrowUp className="size-3.5" aria-hidden />
          </button>
          <button
            type="button"
            disabled={isBusy || isLast}
            onClick={() => onMove(1)}
            aria-label={t('dashboard.series.pages.moveLater', { number })}
            className="rounded p-1 hover:bg-ink-700 disabled:opacity-30"
          >
            <ArrowDown className="size-3.5" aria-hidden />
          </button>
          <button
            type="button"
            disabled={isBusy}
            onClick={onRemove}
            aria-label={t('dashboard.series.pages.remove', { number })}
            className="rounded p-1 text-rose-300 hover:bg-rose-500/10 disabled:opacity-30"
          >
            <Trash2 className="size-3.5" aria-hidden />
          </button>
        </span>
      </div>
    </li>
  );
}
