import { CloudOff } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/i18n-context';
import '../messages';

/** Offline, a chapter that was not kept: said plainly, with the way to what was. */
export function OfflineChapterNotice() {
  const t = useT();
  return (
    <div
      role="status"
      className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center"
      data-testid="offline-notice"
    >
      <CloudOff className="size-8 text-zinc-400" aria-hidden />
      <h1 className="text-lg font-semibold text-zinc-100">{t('reader.offline.title')}</h1>
      <p className="text-sm text-zinc-400">{t('reader.offline.text')}</p>
      <Link to="/profile/downloads" className="text-sm font-semibold text-accent-400 hover:underline">
        {t('reader.offline.link')}
      </Link>
    </div>
  );
}
