import type { Database } from '../db/client';
import { chapterEditions, seriesEditions } from '../db/schema';

/*
 * The demo's editions (issue 35 §2): one novel translated whole into Spanish, one begun in
 * Brazilian Portuguese, so a reader sees an edition, a language switch and the original standing
 * in (with its badge) for the chapters a translation lacks. Short prose, written in each language.
 */

/** A demo series as seeded: its id and its chapters (number and id). */
export interface SeededSeries {
  id: string;
  chapters: { id: string; number: number }[];
}

interface DemoEdition {
  series: string;
  language: string;
  title: string;
  description: string;
  /** How many of its chapters, from the first, are translated (all when left out). */
  chapters?: number;
  chapterTitle: (number: number) => string;
  sentences: string[];
}

const EDITIONS: DemoEdition[] = [
  {
    series: 'The Tea House at the End of the Line',
    language: 'es',
    title: 'La casa de té al final de la línea',
    description:
      'Un revisor jubilado abre una casa de té en la última parada de una línea que ya nadie usa, hasta que los trenes vuelven a pasar de noche.',
    chapterTitle: (number) => `Capítulo ${number}`,
    sentences: [
      'El agua tardó en hervir, como siempre que alguien esperaba algo.',
      'Don Aurelio limpió el mostrador dos veces, aunque ya estaba limpio.',
      'Desde la ventana se veía la vía, cubierta de hierba y de silencio.',
      'A medianoche, un silbato lejano atravesó el valle y nadie quiso decir nada.',
      'La taza de porcelana azul era la única que no se había roto en cuarenta años.',
      'Una mujer con un abrigo mojado pidió té de jazmín y pagó con un billete antiguo.',
      '—Este tren no para aquí —dijo el niño, pero el tren se detuvo de todos modos.',
      'El reloj de la estación marcaba una hora que no existía en ningún horario.',
      'Aurelio guardó el billete en la caja, junto a los otros que no sabía explicar.',
      'Olía a lluvia, a hierro y a hojas de té recién abiertas.',
      'Cada noche llegaba un viajero distinto, y cada uno dejaba una historia sobre la mesa.',
      'Al amanecer, la vía volvía a estar vacía, como si nada hubiera pasado.',
    ],
  },
  {
    series: 'The Cartographer of Lost Winds',
    language: 'pt-BR',
    title: 'O Cartógrafo dos Ventos Perdidos',
    description:
      'Uma cartógrafa que sabe desenhar o vento parte para mapear a única ventania que nunca volta, e a cidade que ela levou embora.',
    chapters: 4,
    chapterTitle: (number) => (number === 1 ? 'Começos' : `Capítulo ${number}`),
    sentences: [
      'O vento mudou antes que alguém percebesse, como sempre acontecia na véspera de algo importante.',
      'Lina abriu o mapa sobre a mesa e prendeu os cantos com quatro pedras do rio.',
      'Havia uma linha a lápis que ela não lembrava de ter desenhado.',
      'No porto, os pescadores falavam baixo, como se o ar pudesse ouvir.',
      '—Ninguém mapeia uma tempestade —disse o velho, mas seus olhos diziam o contrário.',
      'A bússola girou três vezes e depois apontou para o lugar onde a cidade deveria estar.',
      'O papel cheirava a sal e a tinta antiga.',
      'À noite, Lina ouviu o assobio de uma corrente de ar que vinha do mar aberto.',
    ],
  },
];

/** A chapter's text in an edition: sentences of its language, a different few in each chapter. */
function chapterText(edition: DemoEdition, number: number): string {
  const { sentences } = edition;
  const picked = [0, 1, 2, 3].map((step) => sentences[(number * 5 + step * 3) % sentences.length]!);
  return [`<p>${picked[0]} ${picked[1]}</p>`, `<p>${picked[2]} ${picked[3]}</p>`].join('\n');
}

/** Adds the demo's editions to the seeded series (by title); a series the demo lacks is passed over. */
export async function seedDemoEditions(db: Database, seeded: ReadonlyMap<string, SeededSeries>): Promise<void> {
  for (const edition of EDITIONS) {
    const series = seeded.get(edition.series);
    if (!series) continue;
    await db.insert(seriesEditions).values({
      seriesId: series.id,
      language: edition.language,
      title: edition.title,
      description: edition.description,
    });
    const translated = [...series.chapters]
      .sort((a, b) => a.number - b.number)
      .slice(0, edition.chapters ?? series.chapters.length);
    await db.insert(chapterEditions).values(
      translated.map((chapter) => ({
        chapterId: chapter.id,
        language: edition.language,
        title: edition.chapterTitle(chapter.number),
        content: chapterText(edition, chapter.number),
      })),
    );
  }
}
