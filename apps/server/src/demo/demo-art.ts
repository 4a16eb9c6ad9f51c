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

/** A small seeded random generator (mulberry32): the same series and page always draw the same. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SKINS = ['#f1c7a5', '#e0a98a', '#c68863', '#9c6644', '#6f4a33', '#f6d5c0'];
const HAIRS = ['#2b1d14', '#5a3620', '#c9a25b', '#1f2a44', '#8a2d2d', '#e8e1d4', '#3c3c3c'];

/**
 * A character from the chest up at (x, baseline), `size` tall: shoulders in the series' colour, a
 * head with hair, eyes and a mouth. `look` turns the eyes left or right; `mood` bends the mouth.
 */
function character(x: number, base: number, size: number, cast: number, hue: number, look: number, mood: number): string {
  const skin = SKINS[cast % SKINS.length]!;
  const hair = HAIRS[(cast * 3) % HAIRS.length]!;
  const cloth = `hsl(${(hue + cast * 47) % 360},45%,${32 + (cast % 3) * 8}%)`;
  const head = size * 0.26;
  const cy = base - size * 0.62;
  const shoulders = `<path d="M${x - size * 0.42} ${base} Q${x - size * 0.4} ${base - size * 0.34} ${x} ${base - size * 0.36} Q${x + size * 0.4} ${base - size * 0.34} ${x + size * 0.42} ${base} Z" fill="${cloth}" stroke="#1b1b1b" stroke-width="${size * 0.015}"/>`;
  const neck = `<rect x="${x - head * 0.32}" y="${cy + head * 0.7}" width="${head * 0.64}" height="${head * 0.6}" fill="${skin}"/>`;
  const face = `<circle cx="${x}" cy="${cy}" r="${head}" fill="${skin}" stroke="#1b1b1b" stroke-width="${size * 0.015}"/>`;
  const hairStyle =
    cast % 3 === 0
      ? `<path d="M${x - head * 1.05} ${cy} Q${x - head} ${cy - head * 1.35} ${x} ${cy - head * 1.12} Q${x + head} ${cy - head * 1.35} ${x + head * 1.05} ${cy} Q${x + head * 0.5} ${cy - head * 0.55} ${x - head * 1.05} ${cy} Z" fill="${hair}"/>`
      : cast % 3 === 1
        ? `<path d="M${x - head * 1.08} ${cy + head * 0.9} Q${x - head * 1.3} ${cy - head * 1.3} ${x} ${cy - head * 1.15} Q${x + head * 1.3} ${cy - head * 1.3} ${x + head * 1.08} ${cy + head * 0.9} L${x + head * 0.85} ${cy - head * 0.2} Q${x} ${cy - head * 0.75} ${x - head * 0.85} ${cy - head * 0.2} Z" fill="${hair}"/>`
        : `<path d="M${x - head * 1.02} ${cy - head * 0.1} L${x - head * 0.7} ${cy - head * 1.2} L${x - head * 0.2} ${cy - head * 0.8} L${x + head * 0.2} ${cy - head * 1.3} L${x + head * 0.6} ${cy - head * 0.85} L${x + head * 1.05} ${cy - head * 1.1} L${x + head * 1.02} ${cy - head * 0.1} Q${x} ${cy - head * 0.6} ${x - head * 1.02} ${cy - head * 0.1} Z" fill="${hair}"/>`;
  const eyeY = cy + head * 0.05;
  const eyeShift = look * head * 0.12;
  const eyes = [-1, 1]
    .map(
      (side) =>
        `<ellipse cx="${x + side * head * 0.38}" cy="${eyeY}" rx="${head * 0.16}" ry="${head * 0.2}" fill="#fff"/><circle cx="${x + side * head * 0.38 + eyeShift}" cy="${eyeY + head * 0.03}" r="${head * 0.09}" fill="#1b1b1b"/>`,
    )
    .join('');
  const mouthY = cy + head * 0.5;
  const mouth = `<path d="M${x - head * 0.25} ${mouthY} Q${x} ${mouthY + mood * head * 0.25} ${x + head * 0.25} ${mouthY}" fill="none" stroke="#1b1b1b" stroke-width="${head * 0.07}" stroke-linecap="round"/>`;
  return shoulders + neck + face + hairStyle + eyes + mouth;
}

type Place = 'city' | 'hills' | 'forest' | 'room' | 'sea' | 'rooftop';
const PLACES: Place[] = ['city', 'hills', 'forest', 'room', 'sea', 'rooftop'];
const SKIES = {
  day: ['#8fd3ff', '#e9f7ff'],
  dusk: ['#3b2a6b', '#ff9e6d'],
  night: ['#0b1230', '#2c3e75'],
} as const;

/** Where a panel happens, drawn behind its characters: sky and light, then the place. */
function backdrop(
  x: number,
  y: number,
  w: number,
  h: number,
  place: Place,
  time: keyof typeof SKIES,
  random: () => number,
  id: string,
) {
  const [top, bottom] = SKIES[time];
  const horizon = y + h * (0.55 + random() * 0.15);
  const light =
    time === 'night'
      ? `<circle cx="${x + w * (0.2 + random() * 0.6)}" cy="${y + h * 0.18}" r="${Math.min(w, h) * 0.07}" fill="#f5f1d6"/>`
      : `<circle cx="${x + w * (0.2 + random() * 0.6)}" cy="${y + h * 0.2}" r="${Math.min(w, h) * 0.1}" fill="${time === 'day' ? '#fff3b0' : '#ffcf7a'}" opacity="0.9"/>`;
  const sky = `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/>`;
  const dark = time === 'night' ? 0.75 : time === 'dusk' ? 0.55 : 0.25;
  let place_ = '';
  if (place === 'city' || place === 'rooftop') {
    let cursor = x - 10;
    while (cursor < x + w) {
      const bw = w * (0.08 + random() * 0.12);
      const bh = h * (0.2 + random() * 0.45);
      place_ += `<rect x="${cursor}" y="${horizon - bh}" width="${bw}" height="${bh + h}" fill="#1d2233" opacity="${dark}"/>`;
      for (let wy = horizon - bh + 12; wy < horizon - 10; wy += 22)
        for (let wx = cursor + 8; wx < cursor + bw - 12; wx += 18)
          if (random() > 0.55)
            place_ += `<rect x="${wx}" y="${wy}" width="8" height="10" fill="#ffe9a3" opacity="${time === 'day' ? 0.25 : 0.8}"/>`;
      cursor += bw + 4;
    }
    if (place === 'rooftop')
      place_ += `<rect x="${x}" y="${horizon + h * 0.1}" width="${w}" height="${h}" fill="#3a3440"/><rect x="${x}" y="${horizon + h * 0.08}" width="${w}" height="${h * 0.03}" fill="#55505c"/>`;
    else place_ += `<rect x="${x}" y="${horizon}" width="${w}" height="${h}" fill="#4a4650"/>`;
  } else if (place === 'hills' || place === 'forest') {
    place_ += `<path d="M${x} ${horizon} Q${x + w * 0.3} ${horizon - h * 0.18} ${x + w * 0.55} ${horizon - h * 0.04} T${x + w} ${horizon - h * 0.1} L${x + w} ${y + h} L${x} ${y + h} Z" fill="hsl(110,${time === 'night' ? 15 : 35}%,${time === 'night' ? 16 : 34}%)"/>`;
    if (place === 'forest')
      for (let i = 0; i < 7; i += 1) {
        const tx = x + w * (i / 6) + (random() - 0.5) * 30;
        const th = h * (0.25 + random() * 0.2);
        place_ += `<path d="M${tx} ${horizon - th} L${tx - th * 0.3} ${horizon + 10} L${tx + th * 0.3} ${horizon + 10} Z" fill="hsl(140,30%,${time === 'night' ? 10 : 22}%)"/>`;
      }
  } else if (place === 'sea') {
    place_ += `<rect x="${x}" y="${horizon}" width="${w}" height="${h}" fill="${time === 'night' ? '#12233f' : '#2c6e9e'}"/>`;
    for (let i = 0; i < 5; i += 1) {
      const wy = horizon + (i + 1) * h * 0.06;
      place_ += `<path d="M${x} ${wy} q${w / 8} -8 ${w / 4} 0 t${w / 4} 0 t${w / 4} 0 t${w / 4} 0" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>`;
    }
  } else {
    // A room: a wall, a window onto the sky, a floor.
    place_ += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="hsl(${30 + random() * 30},25%,${time === 'night' ? 22 : 62}%)"/>`;
    const ww = w * 0.32;
    const wx = x + w * (0.1 + random() * 0.5);
    place_ += `<rect x="${wx}" y="${y + h * 0.12}" width="${ww}" height="${h * 0.3}" fill="url(#${id})" stroke="#3b2f2a" stroke-width="6"/><line x1="${wx + ww / 2}" y1="${y + h * 0.12}" x2="${wx + ww / 2}" y2="${y + h * 0.42}" stroke="#3b2f2a" stroke-width="4"/>`;
    place_ += `<rect x="${x}" y="${horizon + h * 0.05}" width="${w}" height="${h}" fill="hsl(25,30%,${time === 'night' ? 15 : 35}%)"/>`;
  }
  return sky + (place === 'room' ? '' : light) + place_;
}

/** A speech balloon whose words fit: wrapped to the panel, the balloon sized to the lines, its tail to the speaker. */
function balloon(text: string, x: number, y: number, maxWidth: number, tailX: number, tailY: number): string {
  const fontSize = 26;
  const perLine = Math.max(8, Math.floor((maxWidth - 60) / (fontSize * 0.56)));
  const lines = wrap(text, perLine);
  const longest = Math.max(...lines.map((line) => line.length));
  const bw = Math.min(maxWidth, longest * fontSize * 0.56 + 60);
  const bh = lines.length * fontSize * 1.25 + 34;
  const cx = x + bw / 2;
  // A short tail, leaning towards the speaker.
  const tx = Math.min(Math.max(tailX, x + 30), x + bw - 30);
  const ty = Math.min(tailY, y + bh + 48);
  const tail = `<path d="M${cx - 16} ${y + bh - 4} L${tx} ${ty} L${cx + 16} ${y + bh - 4} Z" fill="#fff" stroke="#1b1b1b" stroke-width="4" stroke-linejoin="round"/>`;
  const body = `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" rx="${Math.min(bh / 2, 36)}" fill="#fff" stroke="#1b1b1b" stroke-width="4"/>`;
  const cover = `<rect x="${cx - 14}" y="${y + bh - 8}" width="28" height="8" fill="#fff"/>`;
  const words = lines
    .map(
      (line, i) =>
        `<text x="${cx}" y="${y + 24 + fontSize + i * fontSize * 1.25 - 6}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="#1b1b1b">${escapeXml(line)}</text>`,
    )
    .join('');
  return tail + body + cover + words;
}

/**
 * A cover: the series' lead in their world, in the series' colours; no words on it, as the title
 * and author are printed beside every cover on the site (issue 21 §2).
 */
export function coverSvg(item: DrawnSeries): string {
  const h = item.hue;
  // The title's letters pick the composition, so two series of one colour still look apart.
  const key = [...item.title].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const random = seeded(h * 7919 + key);
  const place = PLACES[(h + key) % PLACES.length]!;
  const time = (['dusk', 'night', 'day'] as const)[(h + key) % 3]!;
  const cast = key % 7;
  const look = random() > 0.5 ? 1 : -1;
  const tint = `<rect width="480" height="680" fill="hsl(${h},70%,45%)" opacity="0.28"/>`;
  let subject: string;
  switch (key % 4) {
    case 0: // the lead, close, off centre
      subject = `<circle cx="${look > 0 ? 320 : 160}" cy="260" r="170" fill="hsl(${(h + 180) % 360},80%,70%)" opacity="0.2"/>${character(look > 0 ? 200 : 280, 700, 600, cast, h, look, 1)}`;
      break;
    case 1: // two of the cast, back to back
      subject = `${character(150, 700, 430, cast, h, -1, -0.5)}${character(340, 700, 480, cast + 2, h, 1, 1)}`;
      break;
    case 2: // a small figure before a wide world
      subject = character(240 + (random() - 0.5) * 160, 690, 200, cast, h, look, 1);
      break;
    default: {
      // the story's object, held up beside the lead's face
      const glow = `hsl(${(h + 40) % 360},90%,70%)`;
      subject = `${character(190, 700, 520, cast, h, 1, -0.6)}<g><circle cx="370" cy="400" r="95" fill="${glow}" opacity="0.35"/><rect x="335" y="340" width="70" height="110" rx="14" fill="hsl(${h},50%,25%)" stroke="#1b1b1b" stroke-width="6"/><rect x="350" y="360" width="40" height="70" rx="8" fill="${glow}"/><rect x="355" y="320" width="30" height="22" rx="6" fill="#1b1b1b"/><path d="M370 320 Q370 290 395 285" fill="none" stroke="#1b1b1b" stroke-width="5"/></g>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="680">
    ${backdrop(0, 0, 480, 680, place, time, random, 'cover-sky')}
    ${tint}
    ${subject}
    <rect width="480" height="680" fill="none" stroke="hsl(${h},60%,30%)" stroke-width="10"/>
  </svg>`;
}

/** What the characters say, picked so neighbouring pages never repeat. */
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
  'The map was right all along.',
  'Nobody leaves before sunrise.',
  'You kept it? All these years?',
  'Then we do it my way.',
];

/** Panel layouts of a page (x, y, width, height on an 800 × 1200 page), from one big panel to five. */
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
 * One comic page: a layout, and in each panel a place (city, hills, forest, a room, the sea, a
 * rooftop) at an hour of the day, framed wide, mid or close on one or two of the series' cast, and
 * words in balloons that fit them. `variant` picks it all, so a series' pages differ from one
 * another (seed-demo deals them out so no two chapters get the same pages in the same order).
 */
export function pageSvg(item: DrawnSeries, variant: number): string {
  const random = seeded(item.hue * 104_729 + variant * 7_919);
  const panels = LAYOUTS[variant % LAYOUTS.length]!;
  // A page keeps to one place and hour, as a scene does; its panels move the camera.
  const place = PLACES[(variant + item.hue) % PLACES.length]!;
  const time = (['day', 'dusk', 'night'] as const)[(variant * 5 + item.hue) % 3]!;
  const defs: string[] = [];
  const drawn = panels
    .map(([x, y, w, h], i) => {
      const id = `p${variant}-${i}`;
      const clip = `c${variant}-${i}`;
      defs.push(`<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8"/></clipPath>`);
      const shot = (variant + i) % 3; // 0 wide, 1 mid, 2 close
      const cast = (variant + i * 2 + item.hue) % 7;
      const size = shot === 0 ? h * 0.45 : shot === 1 ? h * 0.8 : h * 1.5;
      const isPair = shot === 1 && w > 300;
      // Who speaks: the one on the left of a pair, or the one in frame.
      const speakerX = isPair ? x + w * 0.3 : x + w * (0.3 + random() * 0.4);
      let people: string;
      if (isPair) {
        people =
          character(speakerX, y + h, size * 0.9, cast, item.hue, 1, random() > 0.5 ? 1 : -0.6) +
          character(x + w * 0.72, y + h, size, cast + 1, item.hue, -1, random() > 0.5 ? 1 : -0.6);
      } else {
        people = character(
          speakerX,
          y + h + (shot === 2 ? size * 0.12 : 0),
          size,
          cast,
          item.hue,
          random() > 0.5 ? 1 : -1,
          random() > 0.4 ? 1 : -0.7,
        );
      }
      const speaks = i === 0 || (i === panels.length - 1 && random() > 0.4);
      const line = LINES[(variant * 7 + i * 3 + item.hue) % LINES.length]!;
      const words = speaks ? balloon(line, x + 20, y + 20, Math.min(w - 40, 460), speakerX, y + h) : '';
      return `<g clip-path="url(#${clip})">${backdrop(x, y, w, h, place, time, random, id)}${people}${words}</g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="none" stroke="#1b1b1b" stroke-width="6"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200">
    <defs>${defs.join('')}</defs>
    <rect width="800" height="1200" fill="#f4f1ea"/>
    ${drawn}
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
