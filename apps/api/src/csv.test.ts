import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('csv', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(evil).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1+1')).toBe("'=1+1");
  });
  it('quotes commas, quotes and line breaks, and leaves plain text and numbers alone', () => {
    expect(csvCell('King, Ada')).toBe('"King, Ada"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('Ada')).toBe('Ada');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['a', 1, '=x'])).toBe("a,1,'=x\r\n");
  });
});
