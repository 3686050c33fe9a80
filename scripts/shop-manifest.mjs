#!/usr/bin/env node
// After `react-router build`: writes the route manifest a storefront page loads, without the back
// office's routes (half the routes, 70 % of the manifest's bytes). React Router loads the whole
// manifest up front (decision 028); a shopper's page never moves to an /admin address in the
// browser (no storefront link points there), and a back-office page, loaded as its own document,
// still gets the whole manifest. The server picks one per page (apps/api/src/web/render.ts) from
// the file this writes beside the server build. See docs/decisions/038-storefront-manifest.md.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const buildDir = path.resolve(process.argv[2] ?? 'build');
const assets = path.join(buildDir, 'client/assets');
const PREFIX = 'window.__reactRouterManifest=';
/** The back office's layout route: it and every route under it stay out of the storefront's manifest. */
export const BACK_OFFICE = 'routes/admin/layout';

/** The manifest without `root` route `id` and its descendants. */
export function withoutBranch(manifest, id) {
  const gone = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of Object.values(manifest.routes)) {
      if (r.parentId && gone.has(r.parentId) && !gone.has(r.id)) {
        gone.add(r.id);
        grew = true;
      }
    }
  }
  return { ...manifest, routes: Object.fromEntries(Object.entries(manifest.routes).filter(([k]) => !gone.has(k))) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f) && !f.startsWith('manifest-shop-'));
  if (files.length !== 1) throw new Error(`Expected one route manifest in ${assets}, found ${files.length}`);
  const text = readFileSync(path.join(assets, files[0]), 'utf8');
  if (!text.startsWith(PREFIX)) throw new Error(`${files[0]} does not start with ${PREFIX}`);
  const manifest = JSON.parse(text.slice(PREFIX.length).replace(/;\s*$/, ''));
  if (!manifest.routes[BACK_OFFICE]) throw new Error(`The manifest has no route ${BACK_OFFICE}`);
  const shop = withoutBranch(manifest, BACK_OFFICE);
  const name = `manifest-shop-${createHash('sha256').update(JSON.stringify(shop)).digest('hex').slice(0, 8)}.js`;
  const url = `/assets/${name}`;
  const body = `${PREFIX}${JSON.stringify({ ...shop, url })};`;
  writeFileSync(path.join(assets, name), body);
  writeFileSync(path.join(buildDir, 'server/shop-manifest.json'), JSON.stringify({ url, full: manifest.url }));
  const kept = Object.keys(shop.routes).length;
  console.log(
    `Storefront manifest: ${kept} of ${Object.keys(manifest.routes).length} routes, ${body.length} of ${text.length} bytes (${url})`,
  );
}
