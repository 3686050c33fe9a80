// CSV for spreadsheets. A cell that a spreadsheet would run as a formula (it begins with = + - @,
// a tab or a carriage return) is neutralised with a leading apostrophe: an order's name or e-mail is
// typed by a stranger, and "=HYPERLINK(…)" must stay text on a staff member's screen.
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
