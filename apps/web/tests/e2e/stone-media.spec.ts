import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test } from './support/ready.ts';
import { signIn } from './support/staff.ts';

// A supplier's file with image, video and certificate links, imported in the back office: its
// stone shows a photograph on /diamonds and on its page, the 360° video plays (from a host the owner
// listed), "View the GIA report" opens GIA's check page for the number; a link to the metadata
// address is refused and named on the import's page, and that stone keeps its drawing.

const MEDIA_PORT = Number(process.env.E2E_MEDIA_PORT ?? 3996);
const HOST = `http://127.0.0.1:${MEDIA_PORT}`;

/** A real WebM, recorded by the browser from a turning shape (no video file ships with the tests). */
async function recordSpin(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 160;
    const g = canvas.getContext('2d')!;
    const stream = canvas.captureStream(24);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const parts: Blob[] = [];
    recorder.ondataavailable = (e) => parts.push(e.data);
    const done = new Promise((r) => (recorder.onstop = r));
    recorder.start();
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const frame = () => {
        const a = (performance.now() - t0) / 200;
        g.fillStyle = '#f4f2ee';
        g.fillRect(0, 0, 160, 160);
        g.fillStyle = '#9fb4c7';
        g.beginPath();
        g.ellipse(80, 80, 60 * Math.abs(Math.cos(a)) + 4, 60, 0, 0, Math.PI * 2);
        g.fill();
        if (performance.now() - t0 < 1200) requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(parts, { type: 'video/webm' }).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

let supplier: Server;
test.afterAll(async () => {
  await new Promise((r) => supplier?.close(r));
});

test('a feed’s stone shows its photograph, plays its video and opens its report', async ({ browser, page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const video = await recordSpin(page);
  const jpeg = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#eef0f3' } })
    .composite([
      {
        input: Buffer.from('<svg width="900" height="900"><circle cx="450" cy="450" r="300" fill="#c9d6e3"/></svg>'),
      },
    ])
    .jpeg()
    .toBuffer();
  supplier = createServer((req, res) => {
    if (req.url === '/stones/MD-1.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    if (req.url === '/stones/MD-1.webm') return res.writeHead(200, { 'content-type': 'video/webm' }).end(video);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => supplier.listen(MEDIA_PORT, '127.0.0.1', r));

  // The owner lists the supplier's video host.
  const owner = await signIn(browser, 'owner', '/admin/settings');
  await owner.getByLabel('Video hosts (one a line)').fill(HOST);
  await owner.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByText(/^Saved\. Every page/)).toBeVisible();
  // The diamond form warns at the field when a video's host is not listed (shoppers would not see it).
  await owner.goto('/admin/stones/diamonds/new');
  const videoField = owner.getByLabel('Video address (optional)');
  await videoField.fill('https://v360.unlisted.example/stone/1');
  await expect(
    owner.getByText(/Shoppers will not see this video: its host, https:\/\/v360\.unlisted\.example/),
  ).toBeVisible();
  await videoField.fill(`${HOST}/stones/MD-1.webm`);
  await expect(owner.getByText(/Shoppers will not see this video/)).toHaveCount(0);

  // The supplier's file: one stone with its links, one whose image points at the metadata address.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-media-'));
  const file = path.join(dir, 'media-feed.csv');
  writeFileSync(
    file,
    'Stock #,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Lab,Certificate #,Measurements,Depth %,Table %,Price Per Carat,Availability,Image Link,Video Link,Certificate Link\n' +
      `MD-1,BR,7.77,D,IF,EX,EX,EX,NON,GIA,7141438877,12.45 x 12.48 x 7.68,61.6,57,90000,G,${HOST}/stones/MD-1.jpg,${HOST}/stones/MD-1.webm,\n` +
      'MD-2,BR,7.76,D,IF,EX,EX,EX,NON,GIA,7141438878,12.44 x 12.47 x 7.67,61.6,57,90000,G,http://169.254.169.254/latest/meta-data/x.jpg,,\n',
  );
  await owner.goto('/admin/imports');
  await owner.getByLabel('Supplier code').fill('MEDIA');
  await owner.getByLabel('Feed file').setInputFiles(file);
  await owner.getByLabel(/Dry run/).uncheck();
  await owner.getByRole('button', { name: 'Upload and import' }).click();
  await expect(owner.getByRole('heading', { name: 'Import · MEDIA' })).toBeVisible();
  // The photographs follow the import; its page follows them.
  await expect(owner.getByText('Stone photographs')).toBeVisible({ timeout: 30_000 });
  const refused = owner.getByText('1 photograph could not be used');
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await refused.click();
  await expect(owner.getByText(/MD-2/)).toBeVisible();
  await expect(owner.getByText(/169\.254\.169\.254.*The link was refused/)).toBeVisible();
  // The refusal can come first: the other photograph is on its stone once none is left waiting.
  const figure = (label: string) => owner.getByText(label, { exact: true }).locator('xpath=../dd');
  await expect(figure('Waiting to fetch')).toHaveText('0', { timeout: 30_000 });
  await expect(figure('On their stones')).toHaveText('1');

  // The shopper: the stone with its photograph in the search (with photographs only) and on its page.
  await page.goto('/diamonds?caratMin=7.7&caratMax=7.8&media=photo');
  const row = page.getByRole('row', { name: /7\.77/ });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row', { name: /7\.76/ })).toHaveCount(0);
  await expect(row.locator('img')).toHaveAttribute('src', /\/api\/media\/photo\/[\w-]+-thumb\.webp$/);
  await row.getByRole('link', { name: /^View / }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('7.77 Carat');
  const photo = page.getByRole('button', { name: /Enlarge the photograph/ }).locator('img');
  await expect(photo).toHaveAttribute('src', /-large\.webp$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The browser takes the AVIF (Chromium shows it) in a size from the srcset, not the largest WebP.
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(320|small|1000|large)\.avif$/);
  const report = page.getByRole('link', { name: 'View the GIA report' });
  await expect(report).toHaveAttribute('href', 'https://www.gia.edu/report-check?reportno=7141438877');
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations).toEqual([]);

  // The 360° video plays (the page's policy lets the listed host in).
  await page.getByRole('button', { name: '360° video' }).click();
  const player = page.getByTestId('stone-video');
  await expect(player).toHaveAttribute('src', `${HOST}/stones/MD-1.webm`);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.error), { timeout: 15_000 })
    .toBe(true);

  // The refused stone keeps its drawing.
  await page.goto('/diamonds?caratMin=7.7&caratMax=7.8');
  await expect(page.getByRole('row', { name: /7\.76/ }).locator('img')).toHaveAttribute('src', /^\/api\/media\//);
  await expect(page.getByRole('row', { name: /7\.76/ }).locator('img')).not.toHaveAttribute('src', /photo/);
});
