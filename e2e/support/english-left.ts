import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

// Issue 35, "no English string left": the English catalogue's words, cut into the phrases a page
// would show, so that a page drawn in another language can be searched for any of them. A phrase
// is a run of a message's literal text between its arguments, tags and plural cases, of two words
// or more; phrases the other language writes the same (a name, "OPDS") are left out.

const MESSAGES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'contract', 'messages');

/** One language's catalogue: every namespace and part, id → ICU message. */
function catalogue(locale: string): Record<string, string> {
  const folder = join(MESSAGES, locale);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json')))
    Object.assign(messages, JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>);
  return messages;
}

/** A plain message of a language's catalogue (one without arguments), for a journey's labels. */
export function messageOf(locale: string): (id: string) => string {
  const messages = catalogue(locale);
  return (id) => {
    const message = messages[id];
    if (message === undefined) throw new Error(`No message ${id} in the ${locale} catalogue`);
    return message;
  };
}

/** The literal phrases of an ICU message: what is left between `{…}`, `#`, `<0>` and plural keys. */
function phrasesOf(message: string): string[] {
  return message
    .replace(/<\/?\d+>/g, '{}')
    .split(/[{}#]/)
    .map((piece) => piece.replace(/^\s*[\w]+\s*,\s*(plural|select|selectordinal|number|date|time)\s*(,.*)?$/, '').trim())
    .filter((piece) => !/^(=\d+|zero|one|two|few|many|other|[\w]+)$/.test(piece))
    .filter((piece) => piece.split(/\s+/).filter((word) => /\p{L}{2,}/u.test(word)).length >= 2 && piece.length >= 10);
}

/** English phrases that must not appear in a page drawn in `locale`. */
export function englishPhrases(locale: string): string[] {
  const english = catalogue('en');
  const other = Object.values(catalogue(locale)).join('\n');
  const phrases = new Set<string>();
  for (const message of Object.values(english))
    for (const phrase of phrasesOf(message)) if (!other.includes(phrase)) phrases.add(phrase);
  return [...phrases];
}

/** Every string in a JSON answer. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * What the team wrote, which stays in the language they wrote it in: the banners, the
 * announcements and the site's settings (the demo's are English). Taken out of a page before it is
 * searched, so a banner saying "New chapters every week" is not the interface's "New chapter".
 */
export async function teamContent(page: Page): Promise<string[]> {
  const answers = await Promise.all(
    ['banners', 'announcements', 'site-settings']
      .map((name) => `/api/public/omegascans/public/${name}`)
      .map(async (path) => {
        const answer = await page.request.get(path);
        if (!answer.ok()) throw new Error(`${path} answered ${answer.status()}`);
        return answer.json();
      }),
  );
  return stringsIn(answers)
    .filter((text) => text.length >= 6 && !/^(https?:|\/)/.test(text))
    .sort((a, b) => b.length - a.length);
}

/**
 * The English phrases a page shows: in its text (what a reader reads and a screen reader says)
 * and in the attributes people meet (placeholders, labels, titles, alternative text), once the
 * team's own content is taken out.
 */
export async function englishOnPage(page: Page, phrases: string[], content: string[] = []): Promise<string[]> {
  let shown = await page.evaluate(() => {
    const attributes = Array.from(document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')).map((element) =>
      ['placeholder', 'aria-label', 'title', 'alt'].map((name) => element.getAttribute(name) ?? '').join('\n'),
    );
    return [document.title, document.body.innerText, ...attributes].join('\n');
  });
  for (const text of content) shown = shown.replaceAll(text, '\n');
  return phrases.filter((phrase) => shown.includes(phrase));
}
