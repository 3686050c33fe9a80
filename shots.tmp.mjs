import { chromium } from 'playwright';
import sharp from 'sharp';
const base = 'http://localhost:4517';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const photo = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#efe9df' } })
  .composite([{ input: Buffer.from('<svg width="1400" height="1400"><circle cx="700" cy="700" r="380" fill="none" stroke="#c9a14a" stroke-width="70"/><circle cx="700" cy="330" r="90" fill="#e8f1fa" stroke="#999" stroke-width="6"/></svg>'), top: 0, left: 0 }])
  .jpeg().toBuffer();
for (const width of [1366, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email').fill('owner@facet.test');
  await page.getByLabel('Password').fill('Loupe-and-Tweezers-42');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/admin$/);
  await page.goto(`${base}/admin/products`);
  await page.getByRole('table').waitFor();
  await page.screenshot({ path: `/tmp/shot-products-${width}.png`, fullPage: true });
  await page.getByRole('table').getByRole('link').nth(2).click();
  await page.getByRole('heading', { name: 'Attributes' }).waitFor();
  if (width === 1366) {
    await page.setInputFiles('#photo-file', { name: 'ring.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByLabel(/What it shows/).fill('The ring on linen, from above');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Photograph added.').waitFor();
    await page.getByLabel('Name').fill('Test edited name');
  }
  await page.screenshot({ path: `/tmp/shot-product-${width}.png`, fullPage: true });
  if (width === 1366) {
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/Saved\./).waitFor();
    const href = await page.getByRole('link', { name: 'View in the store' }).getAttribute('href');
    await page.goto(base + href);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shot-store-product.png` });
  }
  await ctx.close();
}
await browser.close();
