import {
  chapterInputSchema,
  DEFAULT_PREVIEW_PAGES,
  DEFAULT_PREVIEW_PERCENT,
  isChapterOut,
  type ChapterInput,
  type TeamChapter,
} from '@inkwell/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { fieldErrors, FormAlert, TextField } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { EditForm, useEditForm, type FormFields } from '../components/edit-form';
import { DateTimeField, FieldError, fromLocalInput, toLocalInput } from '../components/fields';
import { useCreateChapter } from './api/create-chapter';
import { useTeamChapter } from './api/get-team-chapter';
import { useUpdateChapter } from './api/update-chapter';
import { ChapterEditions } from './chapter-editions';
import { creditDrafts, creditInputs, CreditsEditor, linkAccounts, type CreditDraft } from './credits-editor';
import { useAuth } from '../../../lib/auth/auth-context';
import { PageManager } from './page-manager';
import '../messages';

// The rich-text editor is large; only novel chapters need it.
const NovelEditor = lazy(() => import('./novel-editor').then((module) => ({ default: module.NovelEditor })));

type Publication = 'draft' | 'now' | 'schedule';

interface Values {
  number: string;
  title: string;
  slug: string;
  publication: Publication;
  publishAt: string;
  price: string;
  freeAt: string;
  /** The paywall preview: first pages of a comic, or the share (%) of a novel's text. */
  preview: string;
  content: string;
  /** Issue 37 §2: its volume ('' for none) and its own credits. */
  volume: string;
  credits: CreditDraft[];
}

function valuesFrom(chapter: TeamChapter | undefined, nextNumber: number, seriesType: 'comic' | 'novel'): Values {
  const state = chapter?.state;
  return {
    number: chapter ? String(chapter.number) : String(nextNumber),
    title: chapter?.title ?? '',
    slug: chapter?.slug ?? '',
    publication: state === 'scheduled' ? 'schedule' : state === 'published' ? 'now' : 'draft',
    publishAt: toLocalInput(chapter?.publishedAt ?? null),
    price: String(chapter?.price ?? 0),
    freeAt: toLocalInput(chapter?.freeAt ?? null),
    // A new chapter starts with the safe preview (issue 33 §6); it applies once the chapter is priced.
    preview: chapter
      ? String(chapter.seriesType === 'novel' ? chapter.previewPercent : chapter.previewPages)
      : String(seriesType === 'novel' ? DEFAULT_PREVIEW_PERCENT : DEFAULT_PREVIEW_PAGES),
    content: chapter?.content ?? '',
    volume: chapter?.volume != null ? String(chapter.volume) : '',
    credits: creditDrafts(chapter?.credits),
  };
}

interface Props {
  seriesId: string;
  seriesType: 'comic' | 'novel';
  /** The chapter being edited; undefined for a new one. */
  chapterId?: string;
  nextNumber: number;
  /** Price, free date and preview (issue 37 §3: a translator's or an uploader's are read-only). */
  canEditPrices?: boolean;
  /** Publish or schedule (a translator or an uploader whom the creator did not allow: drafts only). */
  canPublish?: boolean;
  onDone(): void;
}

/**
 * One chapter's fields: number, title, publication (draft, now or scheduled), price, early access and
 * the paywall preview of a priced chapter; then its pages or its text.
 */
export function ChapterEditor({ chapterId, ...props }: Props) {
  const t = useT();
  const existing = useTeamChapter(chapterId);
  if (chapterId && existing.isPending) return <p className="p-4 text-zinc-400">{t('dashboard.series.chapter.loading')}</p>;
  if (chapterId && existing.isError) return <FormAlert tone="error">{t('dashboard.series.chapter.loadError')}</FormAlert>;
  return <ChapterForm key={chapterId ?? 'new'} initial={existing.data} {...props} />;
}

/**
 * The chapter's input as the API takes it, from what the form holds; publishing "now" stamps `now`.
 * What the user may not change is left out (the server would refuse it).
 */
function toInput(
  values: Values,
  seriesType: 'comic' | 'novel',
  initial: TeamChapter | undefined,
  now: Date,
  may: { prices: boolean; publish: boolean } = { prices: true, publish: true },
): ChapterInput {
  const publishedAt =
    values.publication === 'draft'
      ? null
      : values.publication === 'now'
        ? initial?.state === 'published'
          ? initial.publishedAt
          : now.toISOString()
        : fromLocalInput(values.publishAt);
  const preview = values.preview.trim() === '' ? 0 : Number(values.preview);
  const sale = may.prices ? { price: Number(values.price), freeAt: fromLocalInput(values.freeAt) } : {};
  return {
    number: Number(values.number),
    title: values.title,
    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    ...(may.publish ? { publishedAt } : {}),
    ...sale,
    ...(seriesType === 'novel'
      ? { content: values.content, ...(may.prices ? { previewPercent: preview } : {}) }
      : may.prices
        ? { previewPages: preview }
        : {}),
  };
}

/** Its volume ('' is none) and its credits, as the API takes them (issue 37 §2). */
const volumeAndCredits = (values: Values) => ({
  volume: values.volume.trim() === '' ? null : Number(values.volume),
  credits: creditInputs(values.credits),
});

/** What the schema says of the input, and what it cannot see: a schedule needs a time to come. */
function localErrors(t: Translate, values: Values, input: ChapterInput, now: Date): Record<string, string> {
  const parsed = chapterInputSchema.safeParse(input);
  const local = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
  if (values.publication === 'schedule' && !fromLocalInput(values.publishAt))
    local.publishedAt = t('dashboard.series.chapter.chooseWhen');
  if (values.publication === 'schedule' && input.publishedAt && isChapterOut({ publishedAt: input.publishedAt }, now))
    local.publishedAt = t('dashboard.series.chapter.scheduleFuture');
  return local;
}

/** The chapter's form and the chapter as last saved (a new one exists once it is created). */
function useChapterForm({
  seriesId,
  seriesType,
  initial,
  nextNumber,
  canEditPrices = true,
  canPublish = true,
}: Omit<Props, 'chapterId' | 'onDone'> & { initial: TeamChapter | undefined }) {
  const t = useT();
  const toast = useToast();
  const createChapter = useCreateChapter(seriesId);
  const updateChapter = useUpdateChapter(seriesId);
  const [chapter, setChapter] = useState<TeamChapter | undefined>(initial);
  const canLinkAccounts = useAuth().user?.role === 'admin';
  const form = useEditForm(() => valuesFrom(initial, nextNumber, seriesType), {
    errorKeys: { publication: ['publishedAt'], publishAt: ['publishedAt'], preview: ['previewPages', 'previewPercent'] },
  });

  const submit = async () => {
    // One clock value for the save: what "now" publishes and what a schedule must come after.
    const now = new Date();
    const input = {
      ...toInput(form.values, seriesType, initial, now, { prices: canEditPrices, publish: canPublish }),
      ...volumeAndCredits(form.values),
    };
    await form.save(localErrors(t, form.values, input, now), async () => {
      // The usernames typed for credits, linked to their accounts before the chapter is sent.
      const linked = canLinkAccounts ? await linkAccounts(form.values.credits) : { drafts: form.values.credits };
      if ('unknown' in linked) throw new Error(t('dashboard.volumes.unknownAccount', { username: linked.unknown }));
      const body = { ...input, credits: creditInputs(linked.drafts) };
      const saved = chapter
        ? await updateChapter.mutateAsync({ chapterId: chapter.id, body })
        : await createChapter.mutateAsync(body);
      setChapter(saved);
      form.reset(valuesFrom(saved, nextNumber, seriesType));
      toast({
        type: 'success',
        message: t(chapter ? 'dashboard.series.chapter.saved' : 'dashboard.series.chapter.created'),
        duration: 3000,
      });
    });
  };
  return { form, chapter, setChapter, submit, canLinkAccounts };
}

function ChapterForm({
  seriesId,
  seriesType,
  initial,
  nextNumber,
  canEditPrices = true,
  canPublish = true,
  onDone,
}: Omit<Props, 'chapterId'> & { initial: TeamChapter | undefined }) {
  const t = useT();
  const { form, chapter, setChapter, submit, canLinkAccounts } = useChapterForm({
    seriesId,
    seriesType,
    initial,
    nextNumber,
    canEditPrices,
    canPublish,
  });
  const { values, set, field, errors } = form;
  const isNovel = seriesType === 'novel';
  const isComic = !isNovel;

  return (
    <div className="space-y-6 rounded-xl border border-ink-700 bg-ink-900/60 p-4">
      <h3 className="font-semibold text-white">
        {chapter ? t('dashboard.series.chapter.heading', { number: chapter.number }) : t('dashboard.series.chapter.new')}
      </h3>
      <EditForm
        label={chapter ? t('dashboard.series.chapter.editLabel', { number: chapter.number }) : t('dashboard.series.chapter.new')}
        form={form}
        onSubmit={() => void submit()}
        submitLabel={t(chapter ? 'dashboard.series.chapter.save' : 'dashboard.series.chapter.create')}
        onCancel={onDone}
        cancelLabel={t('dashboard.series.close')}
      >
        <div className="grid gap-4 sm:grid-cols-4">
          <TextField
            label={t('dashboard.series.chapter.number')}
            inputMode="decimal"
            {...field('number')}
            hint={t('dashboard.series.chapter.numberHint')}
          />
          <TextField
            label={t('dashboard.volumes.volume')}
            inputMode="decimal"
            {...field('volume')}
            placeholder={t('dashboard.series.chapter.optional')}
            hint={t('dashboard.volumes.volumeHint')}
          />
          <TextField
            label={t('dashboard.series.chapter.title')}
            {...field('title')}
            className="sm:col-span-2"
            placeholder={t('dashboard.series.chapter.optional')}
          />
        </div>
        {canPublish ? (
          <PublicationField
            form={form}
            isPublished={chapter?.state === 'published'}
            // Issue 33 §5: the server refuses to release a comic chapter with no pages; say so before it has to.
            isEmptyComic={isComic && (chapter?.pages.length ?? 0) === 0}
          />
        ) : (
          <p className="text-sm text-zinc-400">{t('dashboard.seriesTeam.access.publishReadOnly')}</p>
        )}
        {canEditPrices ? (
          <SaleFields form={form} seriesType={seriesType} />
        ) : (
          <p className="text-sm text-zinc-400">{t('dashboard.seriesTeam.access.pricesReadOnly')}</p>
        )}
        <CreditsEditor
          legend={t('dashboard.volumes.chapterCredits')}
          hint={t('dashboard.volumes.chapterCreditsHint')}
          value={values.credits}
          onChange={(credits) => set('credits', credits)}
          error={errors.credits}
          canLinkAccounts={canLinkAccounts}
        />
        {isNovel && (
          <div>
            <p className="mb-1.5 text-sm font-medium text-zinc-200">{t('dashboard.series.chapter.text')}</p>
            <Suspense
              fallback={
                <p className="rounded-lg border border-ink-700 p-4 text-sm text-zinc-400">
                  {t('dashboard.series.chapter.loadingEditor')}
                </p>
              }
            >
              <NovelEditor initialHtml={values.content} onChange={(html) => set('content', html)} />
            </Suspense>
            <FieldError error={errors.content} />
          </div>
        )}
      </EditForm>
      {isComic && chapter && <PageManager seriesId={seriesId} chapter={chapter} onChanged={setChapter} />}
      {isComic && !chapter && <p className="text-sm text-zinc-400">{t('dashboard.series.chapter.pagesAfterCreate')}</p>}
      {chapter && <ChapterEditions seriesId={seriesId} seriesType={seriesType} chapter={chapter} onChanged={setChapter} />}
    </div>
  );
}

/** Draft, out now, or scheduled for a time to come (a comic chapter with no pages stays a draft). */
function PublicationField({
  form,
  isPublished,
  isEmptyComic,
}: {
  form: FormFields<Values>;
  isPublished: boolean;
  isEmptyComic: boolean;
}) {
  const t = useT();
  const { values, set, field, errors } = form;
  const pagesFirstId = useId();
  const isScheduled = values.publication === 'schedule';
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-200">{t('dashboard.series.chapter.publication')}</legend>
      <div className="flex flex-wrap gap-4 text-sm text-zinc-200">
        {(
          [
            ['draft', t('dashboard.series.chapter.draft')],
            ['now', t(isPublished ? 'dashboard.series.chapter.published' : 'dashboard.series.chapter.publishNow')],
            ['schedule', t('dashboard.series.chapter.schedule')],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={`flex items-center gap-2 ${value !== 'draft' && isEmptyComic ? 'opacity-60' : ''}`}>
            <input
              type="radio"
              name="publication"
              value={value}
              checked={values.publication === value}
              onChange={() => set('publication', value)}
              disabled={value !== 'draft' && isEmptyComic && values.publication !== value}
              aria-describedby={isEmptyComic ? pagesFirstId : undefined}
              className="accent-violet-500"
            />
            {label}
          </label>
        ))}
      </div>
      {isEmptyComic && (
        <p id={pagesFirstId} className="mt-1.5 text-xs text-zinc-400">
          {t('dashboard.series.chapter.pagesFirst')}
        </p>
      )}
      {isScheduled && (
        <DateTimeField
          label={t('dashboard.series.chapter.comesOutAt')}
          {...field('publishAt', 'publishedAt')}
          className="mt-3 max-w-xs"
        />
      )}
      {!isScheduled && <FieldError error={errors.publishedAt} />}
    </fieldset>
  );
}

/** The price in coins, early access, and what a priced chapter shows before its lock. */
function SaleFields({ form, seriesType }: { form: FormFields<Values>; seriesType: 'comic' | 'novel' }) {
  const t = useT();
  const { values, field } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('dashboard.series.chapter.price')}
        inputMode="numeric"
        {...field('price')}
        hint={t('dashboard.series.chapter.priceHint')}
      />
      <DateTimeField
        label={t('dashboard.series.chapter.freeAt')}
        {...field('freeAt')}
        hint={t('dashboard.series.chapter.freeAtHint')}
      />
      {Number(values.price) > 0 && (
        <TextField
          label={t(seriesType === 'novel' ? 'dashboard.series.chapter.previewPercent' : 'dashboard.series.chapter.previewPages')}
          inputMode="numeric"
          {...field('preview', seriesType === 'novel' ? 'previewPercent' : 'previewPages')}
          hint={
            seriesType === 'novel'
              ? t('dashboard.series.chapter.previewPercentHint')
              : t('dashboard.series.chapter.previewPagesHint')
          }
        />
      )}
    </div>
  );
}
