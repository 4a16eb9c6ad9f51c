import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Salt, Sea')).toBe('"Salt, Sea"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
  });

  it('writes numbers as they are, and keeps a spreadsheet from running a formula', () => {
    expect(csvField(1200)).toBe('1200');
    expect(csvField(-600)).toBe('-600');
    expect(csvField('-6.00')).toBe('-6.00');
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(null)).toBe('');
  });

  it('joins a header and rows with CRLF', () => {
    expect(
      toCsv(
        ['Day', 'Views'],
        [
          ['2025-03-01', 5],
          ['2025-03-02', 0],
        ],
      ),
    ).toBe('Day,Views\r\n2025-03-01,5\r\n2025-03-02,0\r\n');
  });
});
