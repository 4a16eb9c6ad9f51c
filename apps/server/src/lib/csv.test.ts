import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['=1+1', "'=1+1"],
    ['+1+1', "'+1+1"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['-', "'-"],
  ])('writes %j as text a spreadsheet will not run', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['Lantern Road', 'Lantern Road'],
    ['A = B', 'A = B'],
    ['Tea, and cake', '"Tea, and cake"'],
    ['Say "hi"', '"Say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
    [0, '0'],
    [-12, '-12'],
    ['-0.50', '-0.50'],
    ['12.00', '12.00'],
  ])('leaves %j as it reads, quoted only where CSV needs it', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('joins rows with commas and line breaks, ending with one', () => {
    expect(
      toCsv([
        ['series', 'gross'],
        ['=cmd', 5],
      ]),
    ).toBe("series,gross\n'=cmd,5\n");
  });
});
