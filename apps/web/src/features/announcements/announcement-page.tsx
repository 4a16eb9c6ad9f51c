import { Pin } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useFormat } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { announcementErrorPage, useAnnouncement } from './api';
import { AnnouncementSkeleton } from './announcement-skeleton';
import './messages';

/** /announcements/{slug}: the team's news. The body is HTML the server sanitized. */
export default function AnnouncementPage() {
  const t = useT();
  const format = useFormat();
  const { slug = '' } = useParams();
  const announcement = useAnnouncement(slug);
  useDocumentTitle(announcement.data?.title);

  if (announcement.isPending) return <AnnouncementSkeleton />;
  if (announcement.isError) {
    const code = announcementErrorPage(announcement.error);
    if (code) return <Navigate to={`/errorPage?error=${code}`} replace />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <LoadError message={t('announcements.loadError')} onRetry={() => void announcement.refetch()} />
      </div>
    );
  }
  const { title, publishedAt, cover, body, pinned } = announcement.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/" className="text-sm text-zinc-400 hover:text-white">
        {t('announcements.home')}
      </Link>
      <header className="mt-3">
        <h1 className="text-3xl font-bold leading-tight text-white">{title}</h1>
        <p className="mt-2 flex items-center gap-2 text-sm text-zinc-400">
          <time dateTime={publishedAt}>{format.date(publishedAt)}</time>
          {pinned && (
            <span className="inline-flex items-center gap-1 rounded bg-accent-600/20 px-1.5 py-0.5 text-xs font-semibold text-accent-300">
              <Pin className="size-3" aria-hidden /> {t('common.announcements.pinned')}
            </span>
          )}
        </p>
      </header>
      {cover && (
        <img
          src={cover.url}
          width={cover.width}
          height={cover.height}
          alt=""
          fetchPriority="high"
          className="mt-6 h-auto w-full rounded-xl border border-ink-800 bg-ink-900"
        />
      )}
      {/* Sanitized on the server (its announcement policy): no scripts, handlers or foreign images. */}
      <div className="novel-text mt-6 text-base leading-relaxed text-zinc-200" dangerouslySetInnerHTML={{ __html: body }} />
    </article>
  );
}
