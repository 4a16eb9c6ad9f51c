import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkInlineStrings, findInlineStrings } from './inline-strings.mjs';

const WEB_SRC = join(import.meta.dirname, '..', '..', 'apps', 'web', 'src');

describe('words written inline (issue 35 §1)', () => {
  it('finds text between tags, read attributes and strings with words in braces', () => {
    const found = findInlineStrings(
      [
        'export const A = ({ n }) => (',
        '  <p title="Coins left" aria-hidden className="text-sm">',
        "    Hello {n > 1 ? 'coins' : 'coin'} {t('store.title')} {`${n} left`} · {'%'}",
        '    <img alt={n ? "A cover" : ""} src="/x.png" />',
        '  </p>',
        ');',
      ].join('\n'),
    );
    expect(found).toEqual([
      { line: 2, text: 'Coins left' },
      { line: 3, text: 'Hello' },
      { line: 3, text: 'coins' },
      { line: 3, text: 'coin' },
      { line: 3, text: 'left' },
      { line: 4, text: 'A cover' },
    ]);
  });

  it('lets messages, class names, symbols and calls be', () => {
    const found = findInlineStrings(
      "export const B = () => <div className=\"flex gap-2\" data-testid=\"x-y\">{t('a.b', { n: 'xx' })} · {'%'} {name}</div>;",
    );
    expect(found).toEqual([]);
  });

  it('reads no words in a comparison, and only what `&&` draws', () => {
    const found = findInlineStrings(
      [
        'export const C = ({ step }) => (',
        "  <div>{step.kind === 'idle' && <b />}{step.kind !== 'sent' && 'Sent already'}{step.name || 'No name'}</div>",
        ');',
      ].join('\n'),
    );
    expect(found).toEqual([
      { line: 2, text: 'Sent already' },
      { line: 2, text: 'No name' },
    ]);
  });

  it('holds for the web app: words only in files marked as not yet moved, and no stale mark', () => {
    const { inline, stale } = checkInlineStrings(WEB_SRC);
    expect(inline, 'words written inline in a file without the mark: move them to the catalogues').toEqual([]);
    expect(stale, 'marked as not yet moved, with nothing left to move: remove the mark').toEqual([]);
  });
});
