import type { Page } from '@playwright/test';

/** The diamond results, read by role: its rows, and a column's cells by the column's header. */
export function diamondResults(page: Page) {
  const table = page.getByRole('table', { name: 'Diamonds matching your filters' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  const column = async (name: string) => {
    const heads = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim().toLowerCase());
    const i = heads.indexOf(name.toLowerCase());
    if (i < 0) throw new Error(`No column "${name}" among ${heads.join(', ')}`);
    return Promise.all((await rows.all()).map((r) => r.getByRole('cell').nth(i).innerText()));
  };
  return { table, rows, column };
}

/** The number of results a listing announces (category, diamonds, stone type). */
export const resultCount = async (page: Page) =>
  Number((await page.getByTestId('result-count').textContent())!.replace(/\D/g, ''));
