import type { SeriesMemberRole } from '@inkwell/contract';
import '../messages';

/** The words for each role on a series' team. */
export const ROLE_IDS: Record<SeriesMemberRole, string> = {
  creator: 'dashboard.seriesTeam.role.creator',
  translator: 'dashboard.seriesTeam.role.translator',
  uploader: 'dashboard.seriesTeam.role.uploader',
};
