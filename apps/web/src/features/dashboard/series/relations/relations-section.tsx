import {
  relationMapsChapters,
  SERIES_RELATION_KINDS,
  type ChapterMapPair,
  type SeriesRelationKind,
  type TeamRelation,
  type TeamSeries,
} from '@inkwell/contract';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '../../../../components/button-styles';
import { useToast } from '../../../../components/toast/toast-context';
import { useFormat } from '../../../../lib/i18n/format';
import { useT } from '../../../../lib/i18n/i18n-context';
import { ConfirmButton } from '../../components/fields';
import { rowButton } from '../../components/data-table';
import { usePutRelation, useRelatedChapters, useRemoveRelation, useSeriesChoices, useTeamRelations } from './api';
import '../../messages';

const KIND_IDS = {
  adaptation: 'dashboard.relations.kind.adaptation',
  source: 'dashboard.relations.kind.source',
  sequel: 'dashboard.relations.kind.sequel',
  prequel: 'dashboard.relations.kind.prequel',
  'spin-off': 'dashboard.relations.kind.spinOff',
  'spun-off-from': 'dashboard.relations.kind.spunOffFrom',
} as const satisfies Record<SeriesRelationKind, string>;

const inputStyle = 'rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-sm text-zinc-100';

/** A new relation: the other series found by its title, and what it is to this one. */
function AddRelation({ series }: { series: TeamSeries }) {
  const t = useT();
  const toast = useToast();
  const [q, setQ] = useState('');
  const [relatedId, setRelatedId] = useState('');
  const [kind, setKind] = useState<SeriesRelationKind>(series.type === 'comic' ? 'source' : 'adaptation');
  const choices = useSeriesChoices(q);
  const put = usePutRelation(series.id);
  const options = (choices.data?.items ?? []).filter((row) => row.id !== series.id);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!relatedId) return;
        put.mutate(
          { relatedId, body: { kind } },
          {
            onSuccess: () => {
              toast({ type: 'success', message: t('dashboard.relations.added'), duration: 3000 });
              setQ('');
              setRelatedId('');
            },
            onError: (error) =>
              toast({ type: 'error', message: error.message || t('dashboard.relations.failed'), duration: 5000 }),
          },
        );
      }}
    >
      <label className="flex flex-col gap-1 text-sm text-zinc-300">
        {t('dashboard.relations.search')}
        <input className={inputStyle} value={q} onChange={(event) => setQ(event.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-sm text-zinc-300">
        {t('dashboard.relations.series')}
        <select className={inputStyle} value={relatedId} onChange={(event) => setRelatedId(event.target.value)}>
          <option value="">{t('dashboard.relations.choose')}</option>
          {options.map((row) => (
            <option key={row.id} value={row.id}>
              {row.title}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm text-zinc-300">
        {t('dashboard.relations.kind')}
        <select className={inputStyle} value={kind} onChange={(event) => setKind(event.target.value as SeriesRelationKind)}>
          {SERIES_RELATION_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(KIND_IDS[value])}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={primaryButton} disabled={!relatedId || put.isPending}>
        {t('dashboard.relations.add')}
      </button>
    </form>
  );
}

/** The chapter map as rows of "this series' chapter ↔ the related series' chapter", saved whole. */
function ChapterMapEditor({ series, relation, onDone }: { series: TeamSeries; relation: TeamRelation; onDone(): void }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const related = useRelatedChapters(relation.series.id);
  const put = usePutRelation(series.id);
  const [rows, setRows] = useState<ChapterMapPair[]>(relation.chapterMap);
  const ours = [...series.chapters].sort((a, b) => a.number - b.number);
  const theirs = [...(related.data?.chapters ?? [])].sort((a, b) => a.number - b.number);
  const setRow = (index: number, pair: Partial<ChapterMapPair>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...pair } : row)));
  const complete = rows.filter((row) => row.chapterId && row.relatedChapterId);
  return (
    <div className="mt-3 space-y-2 rounded-lg border border-ink-800 p-3" data-testid="chapter-map">
      <p className="text-sm text-zinc-400">{t('dashboard.relations.mapHint', { title: relation.series.title })}</p>
      {rows.map((row, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <select
            aria-label={t('dashboard.relations.ourChapter', { row: index + 1 })}
            className={inputStyle}
            value={row.chapterId}
            onChange={(event) => setRow(index, { chapterId: event.target.value })}
          >
            <option value="">{t('dashboard.relations.choose')}</option>
            {ours.map((chapter) => (
              <option key={chapter.id} value={chapter.id}>
                {format.chapterLabel(chapter)}
              </option>
            ))}
          </select>
          <span aria-hidden>↔</span>
          <select
            aria-label={t('dashboard.relations.theirChapter', { row: index + 1, title: relation.series.title })}
            className={inputStyle}
            value={row.relatedChapterId}
            onChange={(event) => setRow(index, { relatedChapterId: event.target.value })}
          >
            <option value="">{t('dashboard.relations.choose')}</option>
            {theirs.map((chapter) => (
              <option key={chapter.id} value={chapter.id}>
                {format.chapterLabel(chapter)}
              </option>
            ))}
          </select>
          <button type="button" className={rowButton} onClick={() => setRows((current) => current.filter((_, i) => i !== index))}>
            {t('dashboard.relations.removeRow')}
          </button>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setRows((current) => [...current, { chapterId: '', relatedChapterId: '' }])}
        >
          {t('dashboard.relations.addRow')}
        </button>
        <button
          type="button"
          className={primaryButton}
          disabled={put.isPending}
          onClick={() =>
            put.mutate(
              { relatedId: relation.series.id, body: { kind: relation.kind, chapterMap: complete } },
              {
                onSuccess: () => {
                  toast({ type: 'success', message: t('dashboard.relations.mapSaved'), duration: 3000 });
                  onDone();
                },
                onError: (error) =>
                  toast({ type: 'error', message: error.message || t('dashboard.relations.failed'), duration: 5000 }),
              },
            )
          }
        >
          {t('dashboard.relations.saveMap')}
        </button>
      </div>
    </div>
  );
}

/**
 * Relations (issue 39 §5): what other series are to this one (its adaptation, source, sequel…),
 * kept on both series at once, and the chapter map between an adaptation and its source.
 */
export default function RelationsSection({ series }: { series: TeamSeries }) {
  const t = useT();
  const toast = useToast();
  const relations = useTeamRelations(series.id);
  const remove = useRemoveRelation(series.id);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="relations-h" className="space-y-4" data-testid="relations-section">
      <h2 id="relations-h" className="text-xl font-bold text-white">
        {t('dashboard.relations.heading')}
      </h2>
      <p className="text-sm text-zinc-400">{t('dashboard.relations.intro')}</p>
      {relations.data && relations.data.items.length > 0 && (
        <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
          {relations.data.items.map((relation) => (
            <li key={relation.series.id} className="px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-zinc-100">
                  <span className="text-zinc-400">{t(KIND_IDS[relation.kind])}: </span>
                  {relation.series.title}
                  {relationMapsChapters(relation.kind) && (
                    <span className="ml-2 text-xs text-zinc-400">
                      {t('dashboard.relations.mapped', { count: relation.chapterMap.length })}
                    </span>
                  )}
                </span>
                <div className="flex items-center gap-1">
                  {relationMapsChapters(relation.kind) && (
                    <button
                      type="button"
                      className={rowButton}
                      onClick={() => setEditing(editing === relation.series.id ? null : relation.series.id)}
                    >
                      {t('dashboard.relations.editMap', { title: relation.series.title })}
                    </button>
                  )}
                  <ConfirmButton
                    label={t('dashboard.relations.remove')}
                    confirmLabel={t('dashboard.relations.removeConfirm')}
                    isBusy={remove.isPending}
                    onConfirm={() =>
                      remove.mutate(relation.series.id, {
                        onSuccess: () => toast({ type: 'success', message: t('dashboard.relations.removed'), duration: 3000 }),
                        onError: (error) =>
                          toast({ type: 'error', message: error.message || t('dashboard.relations.failed'), duration: 5000 }),
                      })
                    }
                  />
                </div>
              </div>
              {editing === relation.series.id && (
                <ChapterMapEditor series={series} relation={relation} onDone={() => setEditing(null)} />
              )}
            </li>
          ))}
        </ul>
      )}
      <AddRelation series={series} />
    </section>
  );
}
