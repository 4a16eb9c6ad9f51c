import { chapterEditionInputSchema, type TeamChapter } from '@inkwell/contract';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { fieldErrors, FormAlert, TextField } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { useLanguageName } from '../../../lib/edition';
import { useT } from '../../../lib/i18n/i18n-context';
import { EditForm, useEditForm } from '../components/edit-form';
import { ConfirmButton, FieldError, ProgressBar } from '../components/fields';
import { useAddChapterPages } from './api/add-chapter-pages';
import { useDeleteChapterEdition } from './api/delete-chapter-edition';
import { useDeleteChapterPage } from './api/delete-chapter-page';
import { useTeamEditions } from './api/list-editions';
import { usePutChapterEdition } from './api/put-chapter-edition';
import { AddImagesButton } from './page-manager';
import '../messages';

// The rich-text editor is large; only a novel's translation being edited needs it.
const NovelEditor = lazy(() => import('./novel-editor').then((module) => ({ default: module.NovelEditor })));

/** Natural order of file names, so 2.png comes before 10.png as people expect. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

interface Props {
  seriesId: string;
  seriesType: 'comic' | 'novel';
  chapter: TeamChapter;
  onChanged(chapter: TeamChapter): void;
}

/**
 * A chapter's translations into the series' editions (issue 35 §2): for each edition, whether the
 * chapter is translated, and its translation's title and text (a novel) or pages (a comic). A
 * chapter an edition lacks reaches its readers in the original.
 */
export function ChapterEditions({ seriesId, seriesType, chapter, onChanged }: Props) {
  const t = useT();
  const languageName = useLanguageName();
  const editions = useTeamEditions(seriesId);
  const [open, setOpen] = useState<string | null>(null);
  const headingId = useId();
  const translated = editions.data?.items.filter((edition) => !edition.isOriginal) ?? [];
  if (!editions.data) return null;

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="chapter-editions">
      <h3 id={headingId} className="font-semibold text-white">
        {t('dashboard.editions.chapter.heading')}
      </h3>
      {translated.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('dashboard.editions.chapter.none')}</p>
      ) : (
        <ul className="divide-y divide-ink-800 rounded-lg border border-ink-800">
          {translated.map(({ language }) => {
            const existing = chapter.editions.find((edition) => edition.language === language);
            const name = languageName(language);
            const inSentence = languageName(language, 'sentence');
            return (
              <li key={language} className="px-3 py-2" data-testid={`chapter-edition-${language}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-medium text-zinc-100">{name}</span>{' '}
                    <span className={existing ? 'text-emerald-300' : 'text-zinc-400'}>
                      {existing
                        ? seriesType === 'comic'
                          ? t('dashboard.editions.chapter.translatedPages', { count: existing.pages.length })
                          : t('dashboard.editions.chapter.translated')
                        : t('dashboard.editions.chapter.missing')}
                    </span>
                  </p>
                  <button
                    type="button"
                    onClick={() => setOpen(open === language ? null : language)}
                    className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800"
                  >
                    {open === language
                      ? t('dashboard.series.close')
                      : t(existing ? 'dashboard.editions.chapter.edit' : 'dashboard.editions.chapter.add', {
                          language: inSentence,
                        })}
                  </button>
                </div>
                {open === language && (
                  <div className="mt-3">
                    <ChapterEditionForm
                      key={language}
                      seriesId={seriesId}
                      seriesType={seriesType}
                      chapter={chapter}
                      language={language}
                      onChanged={onChanged}
                      onClose={() => setOpen(null)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** One translation of the chapter: its title and text (a novel), or its title then its pages (a comic). */
function ChapterEditionForm({
  seriesId,
  seriesType,
  chapter,
  language,
  onChanged,
  onClose,
}: Props & { language: string; onClose(): void }) {
  const t = useT();
  const toast = useToast();
  const languageName = useLanguageName();
  const putEdition = usePutChapterEdition(seriesId);
  const deleteEdition = useDeleteChapterEdition(seriesId);
  const existing = chapter.editions.find((edition) => edition.language === language);
  const isNovel = seriesType === 'novel';
  const form = useEditForm(() => ({ title: existing?.title ?? '', content: existing?.content ?? '' }));
  // Inside the form's sentences ("Text in Spanish", "Texto en español").
  const name = languageName(language, 'sentence');

  const submit = async () => {
    const body = isNovel ? { title: form.values.title, content: form.values.content } : { title: form.values.title };
    const parsed = chapterEditionInputSchema.safeParse(body);
    await form.save(parsed.success ? {} : fieldErrors(parsed.error.issues, t), async () => {
      onChanged(await putEdition.mutateAsync({ chapterId: chapter.id, language, body }));
      toast({ type: 'success', message: t('dashboard.editions.chapter.saved', { language: name }), duration: 3000 });
    });
  };

  return (
    <div className="space-y-4 rounded-lg border border-ink-700 bg-ink-900/60 p-3">
      <EditForm
        label={t('dashboard.editions.chapter.formLabel', { language: name, number: chapter.number })}
        form={form}
        onSubmit={() => void submit()}
        submitLabel={t('dashboard.editions.chapter.save')}
        onCancel={onClose}
        cancelLabel={t('dashboard.series.close')}
      >
        <TextField
          label={t('dashboard.editions.chapter.title', { language: name })}
          {...form.field('title')}
          lang={language}
          placeholder={t('dashboard.series.chapter.optional')}
        />
        {isNovel && (
          <div lang={language}>
            <p className="mb-1.5 text-sm font-medium text-zinc-200">{t('dashboard.editions.chapter.text', { language: name })}</p>
            <Suspense
              fallback={
                <p className="rounded-lg border border-ink-700 p-4 text-sm text-zinc-400">
                  {t('dashboard.series.chapter.loadingEditor')}
                </p>
              }
            >
              <NovelEditor
                initialHtml={form.values.content}
                onChange={(html) => form.set('content', html)}
                label={t('dashboard.editions.chapter.text', { language: name })}
              />
            </Suspense>
            <FieldError error={form.errors.content} />
          </div>
        )}
      </EditForm>
      {!isNovel && existing && (
        <EditionPages seriesId={seriesId} chapter={chapter} language={language} pages={existing.pages} onChanged={onChanged} />
      )}
      {!isNovel && !existing && <p className="text-sm text-zinc-400">{t('dashboard.editions.chapter.pagesAfterSave')}</p>}
      {existing && (
        <ConfirmButton
          label={t('dashboard.editions.chapter.delete')}
          confirmLabel={t('dashboard.editions.chapter.deleteConfirm', { language: name })}
          isBusy={deleteEdition.isPending}
          onConfirm={() =>
            deleteEdition.mutate(
              { chapterId: chapter.id, language },
              {
                onSuccess: (updated) => {
                  onChanged(updated);
                  toast({
                    type: 'success',
                    message: t('dashboard.editions.chapter.deleted', { language: name }),
                    duration: 3000,
                  });
                  onClose();
                },
                onError: (error) =>
                  toast({ type: 'error', message: error.message || t('dashboard.editions.deleteFailed'), duration: 5000 }),
              },
            )
          }
        />
      )}
    </div>
  );
}

/** A comic translation's pages: uploaded many at once (with progress) after its last, or removed one by one. */
function EditionPages({
  seriesId,
  chapter,
  language,
  pages,
  onChanged,
}: {
  seriesId: string;
  chapter: TeamChapter;
  language: string;
  pages: TeamChapter['editions'][number]['pages'];
  onChanged(chapter: TeamChapter): void;
}) {
  const t = useT();
  const toast = useToast();
  const addPages = useAddChapterPages(seriesId);
  const deletePage = useDeleteChapterPage(seriesId);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<TeamChapter>, success: string) => {
    setError(null);
    try {
      onChanged(await work());
      toast({ type: 'success', message: success, duration: 3000 });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t('dashboard.series.pages.failed'));
    } finally {
      setProgress(null);
    }
  };
  const upload = (list: FileList | null) => {
    const files = [...(list ?? [])].sort((a, b) => collator.compare(a.name, b.name));
    if (files.length === 0) return;
    setProgress(0);
    void run(
      () => addPages.mutateAsync({ chapterId: chapter.id, files, language, onProgress: setProgress }),
      t('dashboard.series.pages.added', { count: files.length }),
    );
  };
  const isBusy = progress !== null || deletePage.isPending;

  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-zinc-200">{t('dashboard.editions.chapter.pages', { count: pages.length })}</p>
      <AddImagesButton isBusy={isBusy} onFiles={upload} label={t('dashboard.editions.chapter.addPages')} />
      {progress !== null && <ProgressBar value={progress} label={t('dashboard.editions.chapter.uploading')} />}
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {pages.length > 0 && (
        <ol className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {pages.map((page, index) => (
            <li key={page.id} className="overflow-hidden rounded-lg border border-ink-700 bg-ink-900">
              <img
                src={page.url}
                width={page.width}
                height={page.height}
                alt={t('dashboard.series.pages.page', { number: index + 1 })}
                loading="lazy"
                className="aspect-[2/3] w-full object-cover object-top"
              />
              <div className="flex items-center justify-between px-1.5 py-1 text-xs text-zinc-300">
                <span>{index + 1}</span>
                <button
                  type="button"
                  disabled={isBusy}
                  onClick={() =>
                    void run(
                      () => deletePage.mutateAsync({ chapterId: chapter.id, pageId: page.id }),
                      t('dashboard.series.pages.removed'),
                    )
                  }
                  aria-label={t('dashboard.series.pages.remove', { number: index + 1 })}
                  className="rounded p-1 text-rose-300 hover:bg-rose-500/10 disabled:opacity-30"
                >
                  <Trash2 className="size-3.5" aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
