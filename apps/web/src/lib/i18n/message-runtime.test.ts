import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { I18n, interpret, type CompiledMessage } from './message-runtime';

// The app's reader of compiled messages says every message of every language as Lingui's runtime,
// which it stands in for in the browser, says it: with each plural's numbers, each select's
// choices, and arguments given or left out.

/** Every web message of each language, as the build compiles them for the browser. */
const CATALOGUES = {
  en: () => import('virtual:inkwell-messages/en/all'),
  'pt-BR': () => import('virtual:inkwell-messages/pt-BR/all'),
  es: () => import('virtual:inkwell-messages/es/all'),
  'en-XA': () => import('virtual:inkwell-messages/en-XA/all'),
} as const;

const AMOUNTS = [0, 1, 2, 3, 5, 11, 21, 1234, 1.5, -1];

/** The arguments of a message, each with the kind of value it takes. */
function argumentsOf(message: CompiledMessage, found = new Map<string, string[] | 'number' | 'text'>()) {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, cases] = token;
    if (type === 'select' && cases) found.set(name, Object.keys(cases));
    else if (type) found.set(name, 'number');
    else if (!found.has(name)) found.set(name, 'text');
    for (const [choice, tokens] of Object.entries(cases ?? {}))
      if (choice !== 'offset') argumentsOf(tokens as CompiledMessage, found);
  }
  return found;
}

describe('the message runtime', () => {
  for (const [locale, catalogue] of Object.entries(CATALOGUES) as [
    keyof typeof CATALOGUES,
    () => Promise<{ default: Record<string, CompiledMessage> }>,
  ][]) {
    it(`says every ${locale} message as Lingui does`, async () => {
      const { default: messages } = await catalogue();
      const lingui = setupI18n({ locale, locales: locale === 'en-XA' ? ['en'] : [locale], messages: { [locale]: messages } });
      const ours = new I18n(locale, () => 'missing');
      ours.load(messages);
      let said = 0;
      for (const [id, message] of Object.entries(messages)) {
        const args = argumentsOf(message);
        for (let round = 0; round < AMOUNTS.length; round++) {
          const values: Record<string, unknown> = {};
          for (const [name, kind] of args) {
            if (kind === 'number') values[name] = AMOUNTS[round];
            else if (kind === 'text') values[name] = round === 1 ? undefined : `‹${name}›`;
            else values[name] = [...kind, 'unknownChoice'][round % (kind.length + 1)];
          }
          expect(ours._(id, values), `${locale} ${id} ${JSON.stringify(values)}`).toBe(lingui._(id, values));
          said++;
        }
      }
      expect(said).toBeGreaterThan(1000);
    });
  }

  it('fills arguments, plurals with the number as the language writes it, and selects', () => {
    const message: CompiledMessage = [
      ['who', 'select', { me: ['I'], other: [['who']] }],
      ' read ',
      ['count', 'plural', { 0: ['nothing'], one: ['#', ' chapter'], other: ['#', ' chapters'] }],
    ];
    expect(interpret(message, { who: 'me', count: 0 }, 'en')).toBe('I read nothing');
    expect(interpret(message, { who: 'Ana', count: 1 }, 'en')).toBe('Ana read 1 chapter');
    expect(interpret(message, { who: 'Ana', count: 1234 }, 'pt-BR')).toBe('Ana read 1.234 chapters');
  });

  it('hands a missing message to its reporter', () => {
    const i18n = new I18n('es', (locale, id) => `${locale}:${id}`);
    i18n.load({ 'common.present': ['Hola'] });
    expect(i18n._('common.present')).toBe('Hola');
    expect(i18n._('common.absent')).toBe('es:common.absent');
    expect(i18n._('constructor')).toBe('es:constructor');
  });
});
