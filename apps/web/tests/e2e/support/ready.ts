import type { Page } from '@playwright/test';

/**
 * Opens a page and waits until React has hydrated it (`html[data-hydrated]`, set by the root
 * layout). Keys pressed before that reach server-rendered markup without handlers and are lost;
 * clicks and fills are retried by Playwright's assertions, keyboard sequences are not.
 */
export async function gotoReady(page: Page, url: string) {
  const res = await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return res;
}
