import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n-context';
import type { SERIES_LINKS } from './series-links';

/** One entry of the Series menu, with its picture and description. */
export function SeriesLinkItem({ link, size, onClick }: { link: (typeof SERIES_LINKS)[number]; size: 36 | 48; onClick(): void }) {
  const t = useT();
  return (
    <Link to={link.to} onClick={onClick} className="flex items-center gap-3 rounded-lg p-2 hover:bg-ink-700">
      <img
        src={link.image}
        alt=""
        width={size}
        height={size}
        className={size === 48 ? 'size-12 rounded-lg' : 'size-9 rounded-md'}
      />
      <span>
        <span className="block text-sm font-semibold text-zinc-100">{t(link.label)}</span>
        <span className="block text-xs text-zinc-400">{t(link.description)}</span>
      </span>
    </Link>
  );
}
