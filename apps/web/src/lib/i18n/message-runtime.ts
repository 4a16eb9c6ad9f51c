import type { InterfaceLocale } from '@inkwell/contract';
import { formatNumber } from './plain-format';

// The browser's reader of compiled messages (decision 0038, as amended for the JavaScript budget).
// The build compiles every message with Lingui's compiler (contract, message-catalogues.ts) into
// tokens; this fills their arguments in as Lingui's runtime does (plurals and ordinals by Intl's
// rules, `#` as the language writes the number (plain-format.ts), selects), without the runtime's
// parts the app never uses (its event emitter, date and number helpers, locale switching): a few
// hundred bytes, where the runtime was about 1.6 kB gzip on every page. message-runtime.test.ts checks every message of
// every language against Lingui's own.

type Cases = { [choice: string]: Token[] } & { offset?: number };
type Token = string | [name: string, type?: string, cases?: Cases];
/** A message as the build compiles it: text and arguments (`["Hi ", ["name"]]`). */
export type CompiledMessage = Token[];
export type CompiledMessages = Record<string, CompiledMessage>;

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

const rules = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string, type: 'cardinal' | 'ordinal'): Intl.PluralRules {
  let found = rules.get(`${locale}|${type}`);
  if (!found) rules.set(`${locale}|${type}`, (found = new Intl.PluralRules(locale, { type })));
  return found;
}

/** A message with its arguments filled in, in `locale` (an Intl locale). */
export function interpret(message: CompiledMessage, values: Record<string, unknown>, locale: string): string {
  // `count` is the number a plural's `#` stands for, in the plural's own cases only.
  const fill = (tokens: Token[], count?: string): string => {
    let text = '';
    for (const token of tokens) {
      if (typeof token === 'string') {
        text += token === '#' && count !== undefined ? count : token;
        continue;
      }
      const [name, type, cases] = token;
      const value = has(values, name) ? values[name] : undefined;
      if (cases && (type === 'plural' || type === 'selectordinal')) {
        const amount = Number(value) - (cases.offset ?? 0);
        const rule = pluralRules(locale, type === 'plural' ? 'cardinal' : 'ordinal').select(amount);
        const chosen = cases[String(value)] ?? cases[rule] ?? cases.other ?? [];
        text += fill(chosen, formatNumber(locale, amount));
      } else if (cases && type === 'select') {
        text += fill((has(cases, String(value)) ? cases[String(value)] : undefined) ?? cases.other ?? []);
      } else if (type === 'number' && typeof value === 'number') {
        text += formatNumber(locale, value);
      } else if (value !== undefined && value !== null) {
        text += String(value);
      }
    }
    return text;
  };
  return fill(message);
}

/** One page's language: the messages loaded so far, said with `_`. */
export class I18n {
  private readonly messages: CompiledMessages = Object.create(null) as CompiledMessages;
  /** Intl's name for it: the pseudo-locale formats numbers as English does. */
  private readonly intlLocale: string;

  constructor(
    readonly locale: InterfaceLocale,
    private readonly missing: (locale: string, id: string) => string,
  ) {
    this.intlLocale = locale === 'en-XA' ? 'en' : locale;
  }

  /** Adds a namespace's or a lazy part's messages. */
  load(messages: CompiledMessages): void {
    Object.assign(this.messages, messages);
  }

  _(id: string, values: Record<string, unknown> = {}): string {
    const message = this.messages[id];
    return message ? interpret(message, values, this.intlLocale) : this.missing(this.locale, id);
  }
}
