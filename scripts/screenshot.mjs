#!/usr/bin/env node
// Usage: node scripts/screenshot.mjs http://localhost:3000/path [out-prefix]
// Saves desktop (1366) and mobile (390) full-page PNGs and prints console errors — for looking at pages.
import { chromium } from '@playwright/test';

const [url, prefix = 'screenshots/page'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const [name, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
]) {
  const page = await browser.newPage({ viewport });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(`[${name} console.${m.type()}]`, m.text());
  });
  page.on('pageerror', (e) => console.log(`[${name} pageerror]`, e.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${prefix}-${name}.png`, fullPage: process.env.FULL !== '0' });
  await page.close();
}
await browser.close();
