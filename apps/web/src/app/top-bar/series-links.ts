/** SPEC §2: the Series dropdown's entries (their words' ids), shared by the desktop dropdown and the mobile menu. */
export const SERIES_LINKS = [
  {
    label: 'common.app.seriesMenu.premium.label',
    to: '/premium',
    description: 'common.app.seriesMenu.premium.description',
    image: '/menu/premium.svg',
  },
  {
    label: 'common.app.seriesMenu.comics.label',
    to: '/comics',
    description: 'common.app.seriesMenu.comics.description',
    image: '/menu/comics.svg',
  },
  {
    label: 'common.app.seriesMenu.novels.label',
    to: '/novels',
    description: 'common.app.seriesMenu.novels.description',
    image: '/menu/novels.svg',
  },
] as const;

export const SERIES_IMAGES = SERIES_LINKS.map((link) => link.image);
