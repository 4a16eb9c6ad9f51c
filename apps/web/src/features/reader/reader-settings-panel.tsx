// i18n: not yet in the catalogues (issue 35)
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
  // In the phone's bottom sheet the panel is its content; on a wider screen it drops from the bar.
  if (inSheet) return <div className="space-y-4">{children}</div>;
  return (
    <div
      role="dialog"
      aria-label="Reading settings"
      className="absolute right-2 top-full z-40 mt-2 w-80 space-y-4 rounded-xl border border-ink-700 bg-ink-900 p-4 shadow-2xl"
    >
      {children}
    </div>
  );
}

export function ComicSettingsPanel({
  settings,
  onChange,
  inSheet,
}: {
  settings: ComicSettings;
  onChange(patch: Partial<ComicSettings>): void;
  inSheet?: boolean;
}) {
  return (
    <Panel inSheet={inSheet}>
      <Choice
        label="Mode"
        value={settings.mode}
        options={[
          ['strip', 'Long strip'],
          ['paged', 'Page by page'],
        ]}
        onChange={(mode) => onChange({ mode })}
      />
      {settings.mode === 'paged' && (
        <Choice
          label="Direction"
          value={settings.direction}
          options={[
            ['ltr', 'Left to right'],
            ['rtl', 'Right to left'],
          ]}
          onChange={(direction) => onChange({ direction })}
        />
      )}
      <Choice
        label="Fit"
        value={settings.fit}
        options={[
          ['width', 'Fit width'],
          ['height', 'Fit height'],
          ['original', 'Original'],
        ]}
        onChange={(fit) => onChange({ fit })}
      />
      <Choice
        label="Image quality"
        value={settings.quality}
        options={[
          ['full', 'Full'],
          ['saver', 'Data saver'],
        ]}
        onChange={(quality) => onChange({ quality })}
      />
      {settings.mode === 'strip' && (
        <Slider
          label="Gap between pages"
          value={settings.gap}
          min={0}
          max={GAP_MAX}
          step={4}
          unit=" px"
          onChange={(gap) => onChange({ gap })}
        />
      )}
      <p className="text-xs text-zinc-400">
        Keys: ← → change chapter (turn pages in paged mode), j / k move on and back, F hides the bars. On a phone: swipe to turn a
        page, double-tap to zoom, tap the middle to hide the bars.
      </p>
    </Panel>
  );
}

export function NovelSettingsPanel({
  settings,
  onChange,
  inSheet,
}: {
  settings: NovelSettings;
  onChange(patch: Partial<NovelSettings>): void;
  inSheet?: boolean;
}) {
  return (
    <Panel inSheet={inSheet}>
      <Choice
        label="Font"
        value={settings.font}
        options={Object.entries(NOVEL_FONTS).map(([key, font]) => [key as NovelSettings['font'], font.label])}
        onChange={(font) => onChange({ font })}
      />
      <Slider
        label="Text size"
        value={settings.size}
        min={FONT_SIZE.min}
        max={FONT_SIZE.max}
        step={1}
        unit=" px"
        onChange={(size) => onChange({ size })}
      />
      <Slider
        label="Line height"
        value={settings.lineHeight}
        min={LINE_HEIGHT.min}
        max={LINE_HEIGHT.max}
        step={0.1}
        unit=""
        onChange={(lineHeight) => onChange({ lineHeight: Math.round(lineHeight * 10) / 10 })}
      />
      <Choice
        label="Width"
        value={settings.width}
        options={Object.keys(NOVEL_WIDTHS).map((key) => [key as NovelSettings['width'], key[0]!.toUpperCase() + key.slice(1)])}
        onChange={(width) => onChange({ width })}
      />
      <Choice
        label="Theme"
        value={settings.theme}
        options={Object.entries(NOVEL_THEMES).map(([key, theme]) => [key as NovelSettings['theme'], theme.label])}
        onChange={(theme) => onChange({ theme })}
      />
      <p className="text-xs text-zinc-400">
        {/* A touch screen has no F key to press. */}
        Tap the text<span className="pointer-coarse:hidden"> or press F</span> to hide the bars; scrolling up brings them back.
      </p>
    </Panel>
  );
}
