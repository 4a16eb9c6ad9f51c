import { Link } from 'react-router';
import type { SERIES_LINKS } from './series-links';

/** One entry of the Series menu, with its picture and description. */
export function SeriesLinkItem({ link, size, onClick }: { link: (typeof SERIES_LINKS)[number]; size: 36 | 48; onClick(): void }) {
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
        <span className="block text-sm font-semibold text-zinc-100">{link.label}</span>
        <span className="block text-xs text-zinc-400">{link.description}</span>
      </span>
    </Link>
  );
}
