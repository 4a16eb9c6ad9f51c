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

export function pageSvg(item: DrawnSeries, page: number): string {
  const h = (item.hue + page * 25) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200">
    <rect width="800" height="1200" fill="#f4f1ea"/>
    <rect x="30" y="30" width="740" height="520" rx="8" fill="hsl(${h},55%,62%)" stroke="#222" stroke-width="6"/>
    <circle cx="${200 + page * 90}" cy="260" r="120" fill="hsl(${(h + 160) % 360},60%,40%)" stroke="#222" stroke-width="5"/>
    <ellipse cx="560" cy="140" rx="170" ry="70" fill="#fff" stroke="#222" stroke-width="4"/>
    <text x="420" y="150" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#222">${escapeXml(['Did you hear that?', 'Not again…', 'We go now!', 'Who is there?', 'Trust me.'][page % 5] ?? '')}</text>
    <rect x="30" y="580" width="355" height="590" rx="8" fill="hsl(${(h + 60) % 360},45%,70%)" stroke="#222" stroke-width="6"/>
    <rect x="415" y="580" width="355" height="590" rx="8" fill="hsl(${(h + 120) % 360},45%,55%)" stroke="#222" stroke-width="6"/>
    <path d="M60 1100 L200 700 L340 1100 Z" fill="#222" opacity="0.55"/>
    <circle cx="590" cy="860" r="110" fill="#fff" opacity="0.5"/>
    <text x="400" y="1185" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#555">${escapeXml(item.title)} · page ${page + 1}</text>
  </svg>`;
}

export function bannerSvg(title: string, subtitle: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500">
    <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0.3">
      <stop offset="0" stop-color="hsl(${hue},70%,25%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,50%)"/></linearGradient></defs>
    <rect width="1600" height="500" fill="url(#b)"/>
    <circle cx="1300" cy="250" r="220" fill="#fff" opacity="0.12"/>
    <text x="90" y="240" font-family="DejaVu Serif, serif" font-weight="bold" font-size="84" fill="#fff">${escapeXml(title)}</text>
    <text x="94" y="320" font-family="DejaVu Sans, sans-serif" font-size="38" fill="#fff" opacity="0.9">${escapeXml(subtitle)}</text>
  </svg>`;
}

export async function render(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
