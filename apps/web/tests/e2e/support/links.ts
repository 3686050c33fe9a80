import { expect, type Locator, type Page } from '@playwright/test';

/** Every same-site link inside `scope` answers 200 (a configured ring's line once linked to a 404). */
export async function expectLinksAlive(page: Page, scope: Locator): Promise<string[]> {
  const hrefs = await scope
    .locator('a[href^="/"]')
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect((await page.request.get(href)).status(), href).toBe(200);
  return hrefs;
}
