import { escapeXml, seeded } from './demo-art';
import type { DemoSeries } from './demo-catalogue';

/*
 * The demo's novels (issue 21 §2): each chapter a step of one story. A chapter has a beat (an
 * arrival, a find, a quarrel, a chase…) in the order a story takes them, opens with when and where
 * it is, tells its beat among the story's everyday sentences, and ends on what pulls the reader on;
 * its place and its object move with the chapters, so no paragraph comes back in a series.
 */

/** Sentences any chapter may use; the {slots} are filled from the series' cast and the chapter's place and thing. */
const SENTENCES = [
  'The wind changed before anyone noticed, the way it always did on the eve of something important.',
  '{hero} counted the steps twice, because the first count never agreed with the second.',
  'Somewhere below {place}, a door that had been locked for years gave a small, tired click.',
  '“We should not be here,” {friend} said, which was exactly what {friend} had said the last time.',
  'The lamps along the road flickered in a pattern that almost looked like writing.',
  'Nobody in {place} would admit to remembering the old song, yet everyone hummed it.',
  'By noon the rumour about {thing} had reached the market, and by evening it had grown a second head.',
  '{hero}’s hands were steady; it was the rest of the world that shook.',
  'There are letters you write to be read, and letters you write so that you can stop carrying them.',
  'The map was wrong in only one place, and that was the place they needed to go.',
  '{friend} laughed, too loudly, and then looked around as if the laugh might be overheard.',
  'It took {hero} the better part of an hour to understand that {thing} was not where it had been left.',
  'Rain came in sideways over {place}, and with it a smell of iron and old paper.',
  '“Tell me the truth this time,” {hero} said. {friend} did not answer at once.',
  'The clock in the hall had stopped at eleven minutes past three, as it did every night.',
  'Every story about {thing} ended the same way, which was the strongest reason to doubt them.',
  '{rival} was waiting at the gate, as if the whole day had been arranged for this moment.',
  'No one had slept; no one wanted to be the first to say so.',
  'The letter was short, unsigned, and written in a hand {hero} knew far too well.',
  '{friend} pressed {thing} into {hero}’s palm and closed the fingers around it.',
  'Far off, beyond {place}, a bell rang once and did not ring again.',
  '{rival} smiled the kind of smile that makes a room feel smaller.',
  'They agreed on a plan, which is to say they agreed to stop arguing about it.',
  'For a moment everything was quiet, and the quiet had weight.',
  'The stairs went down further than the house was tall.',
  '{hero} wrote it all down that night, in case the morning tried to take it back.',
  'Some promises are made to keep a person, not to keep a word.',
  'Even {rival} looked uneasy when the lights went out.',
  '{friend} found the second key exactly where no one would have thought to look: in plain sight.',
  'When the answer finally came, it was smaller and stranger than the question.',
];

/** What a chapter is about, in story order; each with its own sentences. */
const BEATS: { lines: string[] }[] = [
  {
    lines: [
      '{hero} arrived at {place} with one bag, no plan, and a name that opened fewer doors than expected.',
      'The first person to speak to {hero} there was {friend}, who pretended the meeting was an accident.',
      'Everything about {place} was smaller than the stories, except the silence.',
    ],
  },
  {
    lines: [
      'Under a loose board, wrapped in oilcloth, lay {thing}.',
      '{hero} turned {thing} over and over, as if the other side might explain the first.',
      '“You were not supposed to find that,” {friend} said, too quickly.',
    ],
  },
  {
    lines: [
      '{friend} and {hero} argued in whispers until whispers were no longer enough.',
      '“You knew,” {hero} said. “You knew and you let me walk in anyway.”',
      'They did not speak for the rest of the evening, and both of them noticed.',
    ],
  },
  {
    lines: [
      'Footsteps behind them kept time with their own, and then, worse, stopped when theirs did.',
      '{hero} ran through {place} with {thing} held against the chest like a heartbeat.',
      'They lost the pursuit at the bridge, or the pursuit let them believe so.',
    ],
  },
  {
    lines: [
      '{rival} turned the pages of the old ledger slowly, to make sure everyone was watching.',
      'The bargain {rival} offered was fair, which was the most frightening thing about it.',
      '{hero} said no, and the word stayed in the room long after everyone had left.',
    ],
  },
  {
    lines: [
      'For one evening nobody mentioned {thing}, and {place} felt almost like home.',
      '{friend} cooked something that was mostly onions and entirely kind.',
      'They laughed at a story none of them would remember in the morning.',
    ],
  },
  {
    lines: [
      'The truth, when it came, had been written in the margin of every page they had read.',
      '{hero} understood at last why {rival} had never hurried.',
      'It was not a door they had been looking for. It was a promise.',
    ],
  },
];

const TIMES = [
  'At first light',
  'Before the bells',
  'By mid-morning',
  'In the slow hour after noon',
  'At dusk',
  'Long after midnight',
];
const WEATHER = [
  'the rain had not stopped for three days',
  'a fog lay over everything like a held breath',
  'the wind came off the water sharp as glass',
  'the first snow had settled and not yet been walked on',
  'the heat made the cobbles shimmer',
  'the sky was clear enough to count the stars',
];
const ENDINGS = [
  'Behind them, very softly, someone began to clap.',
  'The lantern went out, though no one had touched it.',
  'On the back of the letter, in fresh ink, was {hero}’s own name.',
  'And then the bell rang a second time.',
  '{friend} was gone by morning, and so was {thing}.',
  'The gate, which had been locked, stood open.',
  'A voice from the stairs said: “I know where they took it.”',
];

const HEROES = ['Ada', 'Kael', 'Mina', 'Tomas', 'Iris', 'Juno', 'Soren', 'Lio'];
const FRIENDS = ['Bram', 'Elsie', 'Niko', 'Wren', 'Osei', 'Pia', 'Rhea', 'Dax'];
const RIVALS = ['Lady Voss', 'the Warden', 'Captain Hale', 'old Marrow', 'the Archivist', 'Serin'];
const PLACES = [
  'the old quarter',
  'the harbour',
  'the station',
  'the north road',
  'the library',
  'the orchard',
  'the salt flats',
  'the clock tower',
  'the night market',
  'the drowned chapel',
  'the lighthouse',
];
const THINGS = [
  'the brass key',
  'the last lantern',
  'the sealed letter',
  'the silver compass',
  'the ledger',
  'the music box',
  'the glass feather',
  'the cracked mirror',
  'the map with no north',
  'the iron ring',
];

/** A sentence that opens with a name like "the Warden" still opens with a capital. */
const capitalized = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);

/** A novel chapter: its beat, its place and thing, in paragraphs of three to five sentences. */
export function novelText(item: DemoSeries, number: number): string {
  const random = seeded(item.hue * 10_007 + Math.round(number * 10));
  const index = Math.max(0, Math.round(number) - 1);
  const cast = (list: string[]) => list[item.hue % list.length]!;
  // The chapter's own place and thing: they move on as the story does.
  const place = PLACES[(index + item.hue) % PLACES.length]!;
  const thing = THINGS[(index * 3 + item.hue) % THINGS.length]!;
  const fill = (sentence: string) =>
    capitalized(
      sentence
        .replaceAll('{hero}', cast(HEROES))
        .replaceAll('{friend}', cast(FRIENDS))
        .replaceAll('{rival}', cast(RIVALS))
        .replaceAll('{place}', place)
        .replaceAll('{thing}', thing),
    );
  const beat = BEATS[index % BEATS.length]!;
  const opening = `${TIMES[index % TIMES.length]}, ${WEATHER[(index + item.hue) % WEATHER.length]}, and ${cast(HEROES)} was in ${place}.`;
  // The everyday sentences, shuffled: none twice in a chapter.
  const deck = SENTENCES.map((sentence) => ({ sentence, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.sentence);
  const beatLines = [...beat.lines];
  const paragraphs: string[][] = [[opening]];
  let next = 0;
  while (paragraphs.length < 7 && next < deck.length - 4) {
    const size = 3 + Math.floor(random() * 3);
    const sentences = deck.slice(next, next + size - (beatLines.length > 0 ? 1 : 0));
    next += sentences.length;
    // The beat's sentences go one to a paragraph, in their order, so the chapter tells it.
    const told = beatLines.shift();
    paragraphs.push(told ? [told, ...sentences] : sentences);
  }
  paragraphs[0]!.push(...deck.slice(next, next + 2));
  paragraphs.at(-1)!.push(ENDINGS[(index + item.hue) % ENDINGS.length]!);
  const html = paragraphs.map((sentences) => `<p>${escapeXml(sentences.map(fill).join(' '))}</p>`).join('');
  return `<h2>Chapter ${number}</h2>${html}`;
}
