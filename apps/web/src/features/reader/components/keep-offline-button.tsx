import { CloudDownload, HardDriveDownload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { canKeepOffline, keepOffline, useDownloads } from '../../../lib/offline/downloads';
import '../messages';

/**
 * Issue 21 §3: keeps the open chapter on this device for reading offline (a chapter the reader can
 * read whole); once kept it links to the downloads page, where it can be deleted.
 */
function KeepOfflineButton({
  seriesSlug,
  chapterSlug,
  chapterId,
  className,
}: {
  seriesSlug: string;
  chapterSlug: string;
  chapterId: string;
  className: string;
}) {
  const toast = useToast();
  const t = useT();
  const downloads = useDownloads();
  const [isBusy, setIsBusy] = useState(false);
  // Known only in the browser, after hydration: the server's drawing and the first browser one agree.
  const [canKeep, setCanKeep] = useState(false);
  useEffect(() => setCanKeep(canKeepOffline()), []);
  if (!canKeep) return null;
  if (downloads.some((download) => download.chapterId === chapterId)) {
    return (
      <Link to="/profile/downloads" aria-label={t('reader.keep.keptLabel')} title={t('reader.keep.kept')} className={className}>
        <HardDriveDownload className="size-4 text-emerald-400" aria-hidden />
      </Link>
    );
  }
  const keep = async () => {
    setIsBusy(true);
    try {
      await keepOffline(seriesSlug, chapterSlug);
      toast({ message: t('reader.keep.done'), type: 'success' });
    } catch {
      toast({ message: t('reader.keep.failed'), type: 'error', duration: 5000 });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void keep()}
      disabled={isBusy}
      aria-label={t('reader.keep.label')}
      title={t('reader.keep.title')}
      className={`${className} disabled:cursor-wait disabled:opacity-50`}
    >
      <CloudDownload className="size-4" aria-hidden />
    </button>
  );
}

export default KeepOfflineButton;
