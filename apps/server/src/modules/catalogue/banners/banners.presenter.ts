import type { Banner, TeamBanner } from '@inkwell/contract';
import { srcSetOf, toImage } from '../../platform/media';
import type { BannerRow } from './banners.repository';

/** What the team and visitors alike see of a banner. */
const bannerText = (row: BannerRow) => ({
  id: row.id,
  title: row.title,
  subtitle: row.subtitle,
  showText: row.showText,
  link: row.link,
});

export function toTeamBanner(row: BannerRow): TeamBanner {
  return {
    ...bannerText(row),
    position: row.position,
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    image: toImage(row.imageKey, row.imageWidth, row.imageHeight),
  };
}

/** A banner as visitors see it, once it has an image. */
export function toBanner(row: BannerRow): Banner | null {
  const image = toImage(row.imageKey, row.imageWidth, row.imageHeight);
  if (!image || !row.imageKey) return null;
  const srcSet = srcSetOf(row.imageKey, image.width);
  return { ...bannerText(row), image: srcSet ? { ...image, srcSet } : image };
}
