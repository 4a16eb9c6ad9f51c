import type { DevicePlace } from '@inkwell/contract';
import { useFormat } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n-context';
import { pageOf, positionOf } from './device-places';
import './places-messages';

export interface PlacePromptProps {
  place: DevicePlace;
  mode: 'paged' | 'scroll';
  pageCount: number;
  /** The reader's buttons' look in the chapter's theme. */
  buttonClass: string;
  /** Goes to the place: its page in paged mode, its position in a long strip or a novel. */
  onContinue(point: { page: number } | { position: number }): void;
  onStay(): void;
}

/**
 * "Continue at page 17 from KOReader · 2h ago" (issue 39 §1): another device of the reader is
 * elsewhere in this chapter, and more recently. It never blocks reading, and nothing moves until
 * the reader chooses. Its code and words load only when there is one to show.
 */
export default function PlacePrompt({ place, mode, pageCount, buttonClass, onContinue, onStay }: PlacePromptProps) {
  const t = useT();
  const format = useFormat();
  const ago = format.shortTimeFromNow(place.updatedAt);
  const page = mode === 'paged' ? pageOf(place, pageCount) : null;
  const position = positionOf(place, pageCount) ?? 0;
  const text =
    page !== null
      ? t('reader.places.continuePage', { page, device: place.deviceName, ago })
      : t('reader.places.continuePosition', { percent: Math.round(position * 100), device: place.deviceName, ago });
  return (
    <div
      role="region"
      aria-label={text}
      data-testid="place-prompt"
      className="fixed inset-x-0 bottom-20 z-40 mx-auto flex w-fit max-w-[calc(100%-1.5rem)] flex-wrap items-center justify-center gap-2 rounded-2xl bg-zinc-900/95 px-4 py-2 text-sm text-zinc-100 shadow-lg md:bottom-6"
    >
      <p aria-live="polite">{text}</p>
      <button
        type="button"
        onClick={() => onContinue(page !== null ? { page } : { position })}
        className={`rounded-full px-3 py-1 font-semibold ${buttonClass}`}
      >
        {t('reader.places.continueThere')}
      </button>
      <button type="button" onClick={onStay} className="rounded-full px-3 py-1 text-zinc-300 hover:text-white">
        {t('reader.places.stayHere')}
      </button>
    </div>
  );
}
