import type { TeamBanner } from '@inkwell/contract';
import { toImage } from '../catalogue/catalogue.presenter';
import type { BannerRow } from './banners.repository';

export function toTeamBanner(row: BannerRow): TeamBanner {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    showText: row.showText,
    link: row.link,
    position: row.position,
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    image: toImage(row.imageKey, row.imageWidth, row.imageHeight),
  };
}
