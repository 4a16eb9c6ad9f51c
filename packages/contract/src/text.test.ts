import { describe, expect, it } from 'vitest';
import { commentInputSchema, commentReportSchema } from './comments';
import { giftRequestSchema } from './payouts';
import { stripBidiControls } from './text';

const CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

describe('bidirectional controls', () => {
  it.each(CONTROLS.map((control) => [`U+${control.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, control]))(
    'drops %s',
    (_, control) => {
      expect(stripBidiControls(`a${control}b${control}`)).toBe('ab');
    },
  );

  it('keeps letters of every direction, and the joiners emoji need', () => {
    for (const text of ['שלום', 'مرحبا', 'Привет', '👩\u200D👩\u200D👧', 'a\u00A0b', 'x = y'])
      expect(stripBidiControls(text)).toBe(text);
  });

  it('is applied by the schemas of what readers write for others, before the length checks', () => {
    const chapterId = '00000000-0000-4000-8000-000000000001';
    expect(giftRequestSchema.parse({ amount: 10, message: ' \u202Eolleh ' }).message).toBe('olleh');
    expect(commentInputSchema.parse({ chapterId, body: '\u2067hi\u2069' }).body).toBe('hi');
    expect(commentInputSchema.safeParse({ chapterId, body: '\u202E\u202C' }).success).toBe(false);
    expect(commentReportSchema.parse({ reason: '\u202Espam' }).reason).toBe('spam');
  });
});
