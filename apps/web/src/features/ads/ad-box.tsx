import { AD_FRAME_PATH, AD_FRAME_SANDBOX } from '@inkwell/contract';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { AdPlacement } from '../../lib/ads/ad-slot';
import { useT } from '../../lib/i18n/i18n-context';
import { useAdSlot } from './use-ad-slot';

// Every page may hold a slot (app/providers.tsx draws this box), so its words are common's (common.ads.json).
const SPACING: Record<AdPlacement, string> = {
  'chapter-end': 'px-4 pt-8',
  'series-chapters': 'mt-8',
  home: 'mt-10',
};

/**
 * An ad slot (SPEC §4): its box keeps the same size while the ad loads, once it shows and when it
 * was blocked, so nothing on the page moves; those who see no ads get no box at all. The ad runs in
 * a sandboxed frame (issue 20 §3): its scripts never reach the reader's session, cookies or page.
 */
export function AdBox({ placement }: { placement: AdPlacement }) {
  const t = useT();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const state = useAdSlot(frameRef);
  if (state.status === 'no-ads') return null;
  const [isLoading, isBlocked] = [state.status === 'loading', state.status === 'blocked'];
  return (
    <section
      aria-label={t('common.ads.label')}
      data-ad-slot={placement}
      data-ad-state={state.status}
      className={`mx-auto w-full max-w-3xl ${SPACING[placement]}`}
    >
      <p className="mb-1 text-center text-[11px] font-medium uppercase tracking-wider text-zinc-400" aria-hidden>
        {t('common.ads.label')}
      </p>
      <div className="relative h-[250px] overflow-hidden rounded-xl">
        <div data-ad-host className="h-full w-full">
          {state.frameReady && (
            <iframe
              ref={frameRef}
              src={`${AD_FRAME_PATH}?slot=${placement}`}
              sandbox={AD_FRAME_SANDBOX}
              title={t('common.ads.label')}
              referrerPolicy="no-referrer"
              className="h-full w-full border-0"
            />
          )}
        </div>
        {isLoading && <div className="absolute inset-0 rounded-xl bg-ink-900" aria-hidden />}
        {isBlocked && <BlockedNote />}
      </div>
    </section>
  );
}

/** What a reader whose ad blocker stopped the ad sees instead: a word, no wall. */
function BlockedNote() {
  const t = useT();
  return (
    <div
      data-testid="ad-blocked-note"
      className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-ink-700 bg-ink-900 px-6 text-center"
    >
      <p className="text-sm font-semibold text-zinc-100">{t('common.ads.blockedTitle')}</p>
      <p className="max-w-md text-sm text-zinc-300">{t('common.ads.blockedText')}</p>
      <Link to="/buy/subscriptions" className="text-sm font-semibold text-accent-400 hover:text-accent-300 hover:underline">
        {t('common.ads.goPremium')}
      </Link>
    </div>
  );
}
