import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Every `page.goto` in these tests waits until React has hydrated the page (`html[data-hydrated]`,
 * set by the root layout, error pages included). A click, hover or key that reaches server-rendered
 * markup before that has no handler and is lost — and Playwright retries assertions, not actions.
 */
function waitForHydration(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return res;
  };
}

export const test = base.extend<{ everyContextWaits: void }>({
  context: async ({ context }, use) => {
    context.on('page', waitForHydration);
    await use(context);
  },
  // A second shopper or a member of staff (`browser.newContext()`, `browser.newPage()`) waits too.
  everyContextWaits: [
    async ({ browser }, use) => {
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const made = await newContext.call(browser, options);
        made.on('page', waitForHydration);
        return made;
      };
      await use();
      browser.newContext = newContext;
    },
    { auto: true },
  ],
});
