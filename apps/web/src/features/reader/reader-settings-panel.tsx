import { useId, type ReactNode } from 'react';
import {
  FONT_SIZE,
  GAP_MAX,
  LINE_HEIGHT,
  NOVEL_FONTS,
  NOVEL_THEMES,
  NOVEL_WIDTHS,
  type ComicSettings,
  type NovelSettings,
} from './reader-settings';
import { useAuth } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/i18n-context';
import { richText } from '../../lib/i18n/rich';
import { changeComic, changeNovel, keepForEverySeries, resetSeriesChoice } from './settings-sync';
import './messages';
import './settings-messages';
import './series-settings-messages';

/** The novel's fonts, widths and themes, said in the page's language (reader-settings.ts holds how they look). */
const FONT_NAMES: Record<NovelSettings['font'], string> = {
  serif: 'reader.set.serif',
  sans: 'reader.set.sans',
  dyslexic: 'reader.set.dyslexic',
  mono: 'reader.set.mono',
};
const WIDTH_NAMES: Record<NovelSettings['width'], string> = {
  narrow: 'reader.set.narrow',
  medium: 'reader.set.medium',
  wide: 'reader.set.wide',
};
const THEME_NAMES: Record<NovelSettings['theme'], string> = {
  dark: 'reader.set.dark',
  light: 'reader.set.light',
  sepia: 'reader.set.sepia',
};

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: [T, string][];
  onChange(value: T): void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-zinc-400">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map(([option, text]) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={`rounded-lg px-3 py-1.5 text-sm ${value === option ? 'bg-accent-600 text-white' : 'bg-ink-800 text-zinc-200 hover:bg-ink-700'}`}
          >
            {text}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function Slider({
  label,
  value,
  min,
  max,
  step,
  unit,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  unit: string;
  onChange(value: number): void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 flex justify-between text-xs font-semibold uppercase tracking-wide text-zinc-400">
        <span>{label}</span>
        <span className="font-mono normal-case text-zinc-200">
          {value}
          {unit}
        </span>
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-violet-500"
      />
    </div>
  );
}

function Panel({ children, inSheet = false }: { children: ReactNode; inSheet?: boolean }) {
  const t = useT();
  // In the phone's bottom sheet the panel is its content; on a wider screen it drops from the bar.
  if (inSheet) return <div className="space-y-4">{children}</div>;
  return (
    <div
      role="dialog"
      aria-label={t('reader.settings.title')}
      className="absolute right-2 top-full z-40 mt-2 w-80 space-y-4 rounded-xl border border-ink-700 bg-ink-900 p-4 shadow-2xl"
    >
      {children}
    </div>
  );
}

/**
 * "For this series" (issue 39 §2): mode, direction and fit are the reader's choice for the series
 * they read; once they made one, they may reset it or keep it for every series.
 */
function ForThisSeries({ hasChoice, onReset, onKeep }: { hasChoice: boolean; onReset(): void; onKeep(): void }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-400">
      <span className="font-semibold uppercase tracking-wide">{t('reader.seriesSet.forThisSeries')}</span>
      {hasChoice && (
        <>
          <button type="button" onClick={onReset} className="rounded px-2 py-1 text-accent-300 hover:bg-ink-800">
            {t('reader.seriesSet.reset')}
          </button>
          <button type="button" onClick={onKeep} className="rounded px-2 py-1 text-accent-300 hover:bg-ink-800">
            {t('reader.seriesSet.everySeries')}
          </button>
        </>
      )}
    </div>
  );
}

export function ComicSettingsPanel({
  settings,
  onChange: update,
  inSheet,
  isSeriesRtl,
  seriesId,
}: {
  settings: ComicSettings;
  onChange(patch: Partial<ComicSettings>): void;
  inSheet?: boolean;
  /** The series reads right to left (issue 37): said so beside the choice. */
  isSeriesRtl?: boolean | undefined;
  seriesId: string;
}) {
  const t = useT();
  // A signed-in reader's settings go to their account; a visitor's stay on this device (issue 39 §2).
  const isSignedIn = Boolean(useAuth().user);
  const isPaged = settings.mode === 'paged';
  const change = { current: settings, seriesId, isSignedIn, update };
  const onChange = (patch: Partial<ComicSettings>) => changeComic(patch, change);
  const own = settings.series?.[seriesId];
  return (
    <Panel inSheet={inSheet}>
      <ForThisSeries
        hasChoice={Boolean(own && Object.values(own).some((value) => value !== null && value !== undefined))}
        onReset={() => resetSeriesChoice(change)}
        onKeep={() => keepForEverySeries(change)}
      />
      <Choice
        label={t('reader.set.mode')}
        value={settings.mode}
        options={[
          ['strip', t('reader.set.strip')],
          ['paged', t('reader.set.paged')],
        ]}
        onChange={(mode) => onChange({ mode })}
      />
      {isPaged && isSeriesRtl && <p className="text-xs">{t('reader.set.seriesRtl')}</p>}
      {isPaged && (
        <Choice
          label={t('reader.set.direction')}
          value={settings.direction}
          options={[
            ['ltr', t('reader.set.ltr')],
            ['rtl', t('reader.set.rtl')],
          ]}
          onChange={(direction) => onChange({ direction })}
        />
      )}
      <Choice
        label={t('reader.set.fit')}
        value={settings.fit}
        options={[
          ['width', t('reader.set.fitWidth')],
          ['height', t('reader.set.fitHeight')],
          ['original', t('reader.set.original')],
        ]}
        onChange={(fit) => onChange({ fit })}
      />
      <Choice
        label={t('reader.set.quality')}
        value={settings.quality}
        options={[
          ['full', t('reader.set.full')],
          ['saver', t('reader.set.saver')],
        ]}
        onChange={(quality) => onChange({ quality })}
      />
      {!isPaged && (
        <Slider
          label={t('reader.set.gap')}
          value={settings.gap}
          min={0}
          max={GAP_MAX}
          step={4}
          unit=" px"
          onChange={(gap) => onChange({ gap })}
        />
      )}
      <p className="text-xs text-zinc-400">{t('reader.set.comicHelp')}</p>
    </Panel>
  );
}

export function NovelSettingsPanel({
  settings,
  onChange: update,
  inSheet,
}: {
  settings: NovelSettings;
  onChange(patch: Partial<NovelSettings>): void;
  inSheet?: boolean;
}) {
  const t = useT();
  const isSignedIn = Boolean(useAuth().user);
  const onChange = (patch: Partial<NovelSettings>) => changeNovel(patch, isSignedIn, update);
  return (
    <Panel inSheet={inSheet}>
      <Choice
        label={t('reader.set.font')}
        value={settings.font}
        options={(Object.keys(NOVEL_FONTS) as NovelSettings['font'][]).map((key) => [key, t(FONT_NAMES[key])])}
        onChange={(font) => onChange({ font })}
      />
      <Slider
        label={t('reader.set.size')}
        value={settings.size}
        min={FONT_SIZE.min}
        max={FONT_SIZE.max}
        step={1}
        unit=" px"
        onChange={(size) => onChange({ size })}
      />
      <Slider
        label={t('reader.set.lineHeight')}
        value={settings.lineHeight}
        min={LINE_HEIGHT.min}
        max={LINE_HEIGHT.max}
        step={0.1}
        unit=""
        onChange={(lineHeight) => onChange({ lineHeight: Math.round(lineHeight * 10) / 10 })}
      />
      <Choice
        label={t('reader.set.width')}
        value={settings.width}
        options={(Object.keys(NOVEL_WIDTHS) as NovelSettings['width'][]).map((key) => [key, t(WIDTH_NAMES[key])])}
        onChange={(width) => onChange({ width })}
      />
      <Choice
        label={t('reader.set.theme')}
        value={settings.theme}
        options={(Object.keys(NOVEL_THEMES) as NovelSettings['theme'][]).map((key) => [key, t(THEME_NAMES[key])])}
        onChange={(theme) => onChange({ theme })}
      />
      <p className="text-xs text-zinc-400">
        {/* A touch screen has no F key to press. */}
        {richText(t('reader.set.novelHelp'), { key: (words) => <span className="pointer-coarse:hidden">{words}</span> })}
      </p>
    </Panel>
  );
}
