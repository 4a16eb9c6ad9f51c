import { ArrowRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { LoadError } from '../../../components/load-error';
import { AdSlot } from '../../../lib/ads/ad-slot';
import { useAuth } from '../../../lib/auth/auth-context';
import { useHome } from '../api/get-home';
import { BannerCarousel } from '../components/banner-carousel';
import { HomePageSkeleton } from '../components/page-skeletons';
import { useGenres } from '../api/list-genres';
import { SeriesRow } from '../components/series-card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import '../messages';

/** A rail with fewer cards looks broken on a wide screen (issue 21 §1): it waits until it has this many. */
const MIN_RAIL_CARDS = 4;

function Section({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  const t = useT();
  const id = useId();
  return (
    <section className="mt-10" aria-labelledby={id}>
      <div className="mb-4 flex items-end justify-between">
        <h2 id={id} className="text-xl font-bold text-white">
          {title}
        </h2>
        <AppLink to={to} className="flex items-center gap-1 text-sm font-medium text-accent-400 hover:text-accent-300">
          {richText(t('catalogue.home.seeAll', { section: title.toLowerCase() }), {
            hidden: (words) => <span className="sr-only">{words}</span>,
          })}{' '}
          <ArrowRight className="size-4" aria-hidden />
        </AppLink>
      </div>
      {children}
    </section>
  );
}

/** The genres as chips, each opening the combined list of comics and novels in that genre. */
function GenreChips() {
  const t = useT();
  const genres = useGenres();
  if (!genres.data || genres.data.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="section-genres">
      <h2 id="section-genres" className="mb-4 text-xl font-bold text-white">
        {t('catalogue.home.genres')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {genres.data.map((genre) => (
          <li key={genre.id}>
            <AppLink
              to={`/browse?genre=${genre.slug}`}
              className="inline-block rounded-full border border-ink-700 bg-ink-900 px-4 py-2 text-sm font-medium text-zinc-200 hover:border-accent-500 hover:text-white"
            >
              {genre.name}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The home page (issue 11 §3): banners, the reader's Continue reading, announcements, latest
 * updates with their newest chapters, trending this week, new series, premium picks and genres;
 * a series shows in one row only, and every "See all" opens a list that holds what the row showed.
 * `personalRow` is the signed-in reader's own row (their "Continue reading"), `newsRow` the team's
 * pinned and recent announcements; both composed by the app.
 */
export function HomePage({ personalRow, newsRow }: { personalRow?: ReactNode; newsRow?: ReactNode }) {
  const t = useT();
  useDocumentTitle(t('catalogue.home.documentTitle'));
  const { user, isChecking } = useAuth();
  const home = useHome();
  // An account just made from its mailed link is greeted as new, not "back" (issue 33 §4).
  const isNewAccount = (useLocation().state as { isNewAccount?: boolean } | null)?.isNewAccount === true;
  // The greeting and the join strip depend on who is reading: wait for both, so nothing moves.
  if (home.isPending || isChecking) return <HomePageSkeleton />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      {user ? (
        <h1 className="mb-4 text-xl font-bold text-white">
          {isNewAccount
            ? t('catalogue.home.welcomeNew', { username: user.username })
            : t('catalogue.home.welcomeBack', { username: user.username })}
        </h1>
      ) : (
        <h1 className="sr-only">{t('catalogue.home.heading')}</h1>
      )}
      {home.isError ? (
        <LoadError message={t('catalogue.home.loadError')} onRetry={() => void home.refetch()} />
      ) : (
        <>
          {home.data.banners.length > 0 && <BannerCarousel banners={home.data.banners} />}
          {user && personalRow}
          {newsRow}
          {!user && (
            <section
              aria-label={t('catalogue.home.join.label')}
              className="mt-6 flex flex-col gap-4 rounded-2xl border border-ink-800 bg-gradient-to-br from-accent-600/20 via-ink-900 to-ink-950 px-6 py-5 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="text-zinc-200">
                {richText(t('catalogue.home.join.pitch'), {
                  strong: (words) => <span className="font-semibold text-white">{words}</span>,
                })}
              </p>
              <div className="flex shrink-0 gap-3 whitespace-nowrap">
                <AppLink
                  to="/register"
                  className="rounded-lg bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-500"
                >
                  {t('catalogue.home.join.register')}
                </AppLink>
                <AppLink
                  to="/login"
                  className="rounded-lg bg-ink-800 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-700"
                >
                  {t('catalogue.home.join.logIn')}
                </AppLink>
              </div>
            </section>
          )}
          <Section title={t('catalogue.home.latest')} to="/browse">
            {home.data.latest.length > 0 ? (
              <SeriesRow items={home.data.latest} eagerCount={6} />
            ) : (
              <p className="text-zinc-400">{t('catalogue.home.empty')}</p>
            )}
          </Section>
          <AdSlot placement="home" />
          {home.data.trending.length >= MIN_RAIL_CARDS && (
            <Section title={t('catalogue.home.trending')} to="/browse?sort=trending">
              <SeriesRow items={home.data.trending} />
            </Section>
          )}
          {home.data.newest.length >= MIN_RAIL_CARDS && (
            <Section title={t('catalogue.home.newest')} to="/browse?sort=new">
              <SeriesRow items={home.data.newest} />
            </Section>
          )}
          {home.data.premium.length >= MIN_RAIL_CARDS && (
            <Section title={t('catalogue.home.premium')} to="/premium">
              <SeriesRow items={home.data.premium} />
            </Section>
          )}
          <GenreChips />
        </>
      )}
    </div>
  );
}
