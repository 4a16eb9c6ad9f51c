import { ChevronDown, Loader2 } from 'lucide-react';
import { replayClick } from '../../lib/early-clicks';
import { useT } from '../../lib/i18n/i18n-context';
import { SeriesLinkItem } from './series-link-item';
import { SERIES_IMAGES, SERIES_LINKS } from './series-links';
import { useAssetsReady } from './use-assets-ready';

interface Props {
  isOpen: boolean;
  onToggle(): void;
  onClose(): void;
}

/** SPEC §2: opens only once its images and fonts have loaded. */
export function SeriesDropdown({ isOpen, onToggle, onClose }: Props) {
  const t = useT();
  const isReady = useAssetsReady(SERIES_IMAGES);
  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => isReady && onToggle()}
        {...replayClick('series-menu')}
        aria-expanded={isOpen && isReady}
        aria-haspopup="true"
        aria-busy={!isReady}
        data-ready={isReady}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-zinc-300 hover:bg-ink-800 hover:text-white"
      >
        {t('common.app.nav.series')}
        {isReady ? (
          <ChevronDown className={`size-4 transition-transform ${isOpen ? 'rotate-180' : ''}`} aria-hidden />
        ) : (
          <Loader2 className="size-3.5 animate-spin opacity-60" aria-hidden />
        )}
      </button>
      {isOpen && isReady && (
        <div className="absolute left-0 top-full z-50 mt-2 w-80 rounded-xl border border-ink-700 bg-ink-800 p-2 shadow-2xl shadow-black/50">
          {SERIES_LINKS.map((link) => (
            <SeriesLinkItem key={link.to} link={link} size={48} onClick={onClose} />
          ))}
        </div>
      )}
    </div>
  );
}
