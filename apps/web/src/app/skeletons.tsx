import { lazyPart } from '../lib/lazy-part';

/**
 * The routes' loading states on a cold start (HydrateFallback), each drawn in its page's boxes.
 * Only a page the server did not draw shows one, so their code is fetched then, beside the
 * page's own (issue 18 §2: not in what every page loads).
 */
const catalogueSkeleton = (name: 'HomePageSkeleton' | 'CataloguePageSkeleton') =>
  lazyPart(`skeleton/${name}`, () => import('../features/catalogue/components/page-skeletons').then((module) => module[name]));

export const HomePageSkeleton = catalogueSkeleton('HomePageSkeleton');
export const CataloguePageSkeleton = catalogueSkeleton('CataloguePageSkeleton');
export const SeriesPageSkeleton = lazyPart('skeleton/SeriesPageSkeleton', () =>
  import('../features/catalogue/components/series-page-skeleton').then((module) => module.SeriesPageSkeleton),
);

export const ReaderSkeleton = lazyPart('skeleton/reader', () =>
  import('../features/reader/components/reader-skeleton').then((module) => module.ReaderSkeleton),
);

export const AnnouncementSkeleton = lazyPart('skeleton/announcement', () =>
  import('../features/announcements/announcement-skeleton').then((module) => module.AnnouncementSkeleton),
);

export const CoinStoreSkeleton = lazyPart('skeleton/coin-store', () =>
  import('../features/store/components/store-skeletons').then((module) => module.CoinStoreSkeleton),
);

export const PlanStoreSkeleton = lazyPart('skeleton/plan-store', () =>
  import('../features/store/components/store-skeletons').then((module) => module.PlanStoreSkeleton),
);
