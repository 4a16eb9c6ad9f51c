import sharp from 'sharp';

/*
 * The demo content's pictures: covers, comic pages and banners drawn as SVG and rendered to WebP
 * by sharp, so the project carries no binary fixtures.
 */

/** What a drawing needs to know of its series. */
export interface DrawnSeries {
  title: string;
  author: string;
  hue: number;
}

export const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) =>
      ({
        '<': '&lt;',
        '>': '&gt;',
        '&': '&amp;',
        "'": '&apos;',
        '"': '&quot;',
      })[c] ?? c,
  );

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width) {
      lines.push(line.trim());
      line = word;
    } else line += ` ${word}`;
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

export function coverSvg(item: DrawnSeries): string {
  const h = item.hue;
  const lines = wrap(item.title, 14)
    .map(
      (line, i) =>
        `<text x="40" y="${520 + i * 52}" font-family="DejaVu Serif, serif" font-weight="bold" font-size="44" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="680">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1">
      <stop offset="0" stop-color="hsl(${h},70%,55%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,18%)"/></linearGradient></defs>
    <rect width="480" height="680" fill="url(#g)"/>
    <circle cx="360" cy="170" r="120" fill="hsl(${(h + 180) % 360},80%,70%)" opacity="0.35"/>
    <circle cx="120" cy="260" r="70" fill="#fff" opacity="0.15"/>
    <path d="M0 470 Q 240 380 480 470 L480 680 L0 680 Z" fill="#000" opacity="0.35"/>
    ${lines}
    <text x="40" y="650" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#fff" opacity="0.8">${escapeXml(item.author)}</text>
  </svg>`;
}

/** What the characters say: one line per page, picked so neighbouring pages never repeat. */
const LINES = [
  'Did you hear that?',
  'Not again…',
  'We go now!',
  'Who is there?',
  'Trust me.',
  'Run!',
  'It was never locked.',
  'Look up.',
  'You came back.',
  'Hold the light!',
  'Too late.',
  'I remember this place.',
  'Quiet…',
  'One more step.',
  'Is it morning yet?',
  'Promise me.',
  'That is not a door.',
  'Again? Really?',
  'Keep walking.',
  'We were wrong.',
  'Listen.',
  'Why now?',
  'Follow me.',
  'It moved!',
];

/** Panel layouts of a page (x, y, width, height on an 800 × 1200 page), from one big panel to six small ones. */
const LAYOUTS: [number, number, number, number][][] = [
  [
    [30, 30, 740, 520],
    [30, 580, 355, 590],
    [415, 580, 355, 590],
  ],
  [[30, 30, 740, 1140]],
  [
    [30, 30, 355, 560],
    [415, 30, 355, 560],
    [30, 620, 740, 550],
  ],
  [
    [30, 30, 740, 360],
    [30, 420, 740, 360],
    [30, 810, 740, 360],
  ],
  [
    [30, 30, 470, 700],
    [530, 30, 240, 330],
    [530, 400, 240, 330],
    [30, 760, 740, 410],
  ],
  [
    [30, 30, 355, 360],
    [415, 30, 355, 360],
    [30, 420, 355, 360],
    [415, 420, 355, 360],
    [30, 810, 740, 360],
  ],
];

/**
 * One comic page, drawn from a layout, a line and a shift of the series' colours. `variant`
 * picks all three, so a series' pages differ from one another (seed-demo deals them out so no two
 * chapters get the same pages in the same order).
 */
export function pageSvg(item: DrawnSeries, variant: number): string {
  const h = (item.hue + variant * 37) % 360;
  const panels = LAYOUTS[variant % LAYOUTS.length]!;
  const line = LINES[(variant * 7 + item.hue) % LINES.length]!;
  const drawn = panels
    .map(([x, y, w, hgt], i) => {
      const tone = `hsl(${(h + i * 55) % 360},${45 + ((variant + i) % 3) * 8}%,${52 + ((i * 9 + variant) % 20)}%)`;
      const r = Math.min(w, hgt) * (0.22 + ((variant + i) % 4) * 0.05);
      const cx = x + w * (0.3 + (((variant + i) * 13) % 40) / 100);
      const cy = y + hgt * (0.45 + (((variant * 3 + i) * 7) % 30) / 100);
      const figure =
        (variant + i) % 3 === 0
          ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${(h + 160) % 360},60%,38%)" stroke="#222" stroke-width="5"/>`
          : (variant + i) % 3 === 1
            ? `<path d="M${x + 20} ${y + hgt - 20} L${cx} ${y + hgt * 0.25} L${x + w - 20} ${y + hgt - 20} Z" fill="#222" opacity="0.5"/>`
            : `<rect x="${cx - r}" y="${cy - r * 0.6}" width="${r * 2}" height="${r * 1.2}" rx="${r / 3}" fill="#fff" opacity="0.45"/>`;
      return `<rect x="${x}" y="${y}" width="${w}" height="${hgt}" rx="8" fill="${tone}" stroke="#222" stroke-width="6"/>${figure}`;
    })
    .join('');
  const [bx, by, bw] = panels[0]!;
  const bubbleWidth = Math.min(bw - 40, 60 + line.length * 17);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200">
    <rect width="800" height="1200" fill="#f4f1ea"/>
    ${drawn}
    <ellipse cx="${bx + 20 + bubbleWidth / 2}" cy="${by + 85}" rx="${bubbleWidth / 2}" ry="55" fill="#fff" stroke="#222" stroke-width="4"/>
    <text x="${bx + 20 + bubbleWidth / 2}" y="${by + 95}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#222">${escapeXml(line)}</text>
  </svg>`;
}

/** A banner's artwork, without words: the title and subtitle are live text over it (banner-carousel.tsx). */
export function bannerSvg(hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500">
    <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0.3">
      <stop offset="0" stop-color="hsl(${hue},70%,25%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,50%)"/></linearGradient></defs>
    <rect width="1600" height="500" fill="url(#b)"/>
    <circle cx="1300" cy="250" r="220" fill="#fff" opacity="0.12"/>
    <circle cx="1080" cy="120" r="90" fill="hsl(${(hue + 180) % 360},80%,70%)" opacity="0.25"/>
    <path d="M0 400 Q 400 300 800 380 T 1600 340 L1600 500 L0 500 Z" fill="#000" opacity="0.25"/>
  </svg>`;
}

export async function render(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
