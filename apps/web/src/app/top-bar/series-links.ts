/** SPEC §2: the Series dropdown's entries, shared by the desktop dropdown and the mobile menu. */
export const SERIES_LINKS = [
  {
    label: 'Premium',
    to: '/premium',
    description: 'Our premium tab designed for our most loyal readers',
    image: '/menu/premium.svg',
  },
  { label: 'Comics', to: '/comics', description: 'See our best comics', image: '/menu/comics.svg' },
  { label: 'Novels', to: '/novels', description: 'Read our best webnovels', image: '/menu/novels.svg' },
] as const;

export const SERIES_IMAGES = SERIES_LINKS.map((link) => link.image);
