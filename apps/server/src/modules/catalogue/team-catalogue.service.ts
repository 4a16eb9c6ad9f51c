import type { TeamDeps } from './team-shared';
import { createImageStore } from './team-shared';
import { createTeamChapters } from './team-chapters.service';
import { createTeamGenresAndBanners } from './team-genres-banners.service';
import { createTeamSeries } from './team-series.service';

/** The team's side of the catalogue: series, chapters and pages, genres and banners, as one service. */
export function createTeamCatalogueService(deps: TeamDeps) {
  const images = createImageStore(deps.storage, deps.avif);
  const { chapterRows, ...chapters } = createTeamChapters(deps, images);
  return {
    ...createTeamSeries(deps, images, chapterRows),
    ...chapters,
    ...createTeamGenresAndBanners(deps, images),
  };
}
export type TeamCatalogueService = ReturnType<typeof createTeamCatalogueService>;
