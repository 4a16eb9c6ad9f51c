import { useQuery } from '@tanstack/react-query';
import { Copy, Rss } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { useToast } from '../../../components/toast/toast-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { seriesQueryOptions } from '../api/get-series';
import '../messages';

/** The feed formats the server writes (modules/feeds), each for the readers that want it. */
const FORMATS = [
  { extension: 'rss', label: 'RSS', hint: 'catalogue.feeds.hint.rss' },
  { extension: 'atom', label: 'Atom', hint: 'catalogue.feeds.hint.atom' },
  { extension: 'json', label: 'JSON Feed', hint: 'catalogue.feeds.hint.json' },
] as const;

/** Where a feed lives: the whole site's newest chapters, or one series'. */
const feedPath = (seriesSlug: string | undefined, extension: string) =>
  seriesSlug ? `/feeds/series/${encodeURIComponent(seriesSlug)}.${extension}` : `/feeds/latest.${extension}`;

const noSubscription = () => () => {};
/** This site's origin once in the browser; the server's render shows the paths alone (and the browser then fills them in). */
const useOrigin = () =>
  useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );

function CopyRow({ label, hint, value }: { label: string; hint: string; value: string }) {
  const t = useT();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ message: t('catalogue.feeds.copied', { format: label }), type: 'success', duration: 3000 });
    } catch {
      toast({ message: t('catalogue.feeds.copyFailed'), type: 'error', duration: 5000 });
    }
  };
  return (
    <div>
      <dt className="text-sm font-semibold text-zinc-100">{label}</dt>
      <dd className="mt-0.5 text-sm text-zinc-400">{hint}</dd>
      <dd className="mt-1.5 flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-ink-950 px-3 py-2 font-mono text-sm text-zinc-100">{value}</code>
        <button
          type="button"
          onClick={() => void copy()}
          className={secondaryButton}
          aria-label={t('catalogue.feeds.copyLabel', { format: label })}
        >
          <Copy className="size-4" aria-hidden />
          <span className="hidden sm:inline">{t('catalogue.feeds.copy')}</span>
        </button>
      </dd>
    </div>
  );
}

/**
 * /follow and /follow/{series} (issue 33 §9): what a feed is, the addresses to copy into a feed
 * reader, and a link that hands the feed to the reader installed. The XML stays behind those
 * addresses, for the apps; people land here.
 */
export default function FeedsPage() {
  const t = useT();
  const { seriesSlug } = useParams();
  const series = useQuery({ ...seriesQueryOptions(seriesSlug ?? ''), enabled: Boolean(seriesSlug) });
  const origin = useOrigin();
  const title = seriesSlug ? (series.data?.title ?? seriesSlug) : undefined;
  useDocumentTitle(title ? t('catalogue.feeds.documentTitleSeries', { title }) : t('catalogue.feeds.documentTitle'));
  const rss = `${origin}${feedPath(seriesSlug, 'rss')}`;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-accent-400">
        <Rss className="size-4" aria-hidden />
        {t('catalogue.feeds.eyebrow')}
      </p>
      <h1 className="mt-2 text-2xl font-bold text-white">
        {title ? t('catalogue.feeds.headingSeries', { title }) : t('catalogue.feeds.heading')}
      </h1>
      <p className="mt-3 text-zinc-300">{title ? t('catalogue.feeds.introSeries', { title }) : t('catalogue.feeds.intro')}</p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {/* feed: asks the device's feed reader to subscribe; without one, the address below is copied instead. */}
        <a href={`feed:${rss}`} className={primaryButton}>
          <Rss className="size-4" aria-hidden />
          {t('catalogue.feeds.follow')}
        </a>
        {seriesSlug ? (
          <Link to={`/SeriesView/${encodeURIComponent(seriesSlug)}`} className={secondaryButton}>
            {t('catalogue.feeds.back', { title })}
          </Link>
        ) : null}
      </div>

      <h2 className="mt-10 text-lg font-semibold text-white">{t('catalogue.feeds.addresses')}</h2>
      <dl className="mt-4 space-y-5 rounded-2xl border border-ink-800 bg-ink-900 p-5">
        {FORMATS.map((format) => (
          <CopyRow
            key={format.extension}
            label={format.label}
            hint={t(format.hint)}
            value={`${origin}${feedPath(seriesSlug, format.extension)}`}
          />
        ))}
      </dl>
      <p className="mt-6 text-sm text-zinc-400">
        {seriesSlug
          ? richText(t('catalogue.feeds.moreSeries'), {
              link: (words) => (
                <Link to="/follow" className="text-accent-400 underline">
                  {words}
                </Link>
              ),
            })
          : t('catalogue.feeds.eachSeries')}
      </p>
    </div>
  );
}
