import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { adminCall, staffSession } from '../../test/staff.ts';

// Categories as staff arrange them, and the storefront following: its page, breadcrumbs, the mega
// menu and (through the menu) the sitemap.

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  manager = (await staffSession(t, 'manager')).cookie;
});
afterAll(() => t.close());

interface Cat {
  id: number;
  name: string;
  parentId: number | null;
  section: string;
  version: number;
  position: number;
}
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}` });
const list = async () =>
  (await adminCall(t, manager, 'GET', '/categories')).json().data as {
    categories: Cat[];
    menuGroups: Array<{ section: string; group: string }>;
  };
const menuLabels = async () =>
  (
    (await get('/menu')).json().data as Array<{
      title: string;
      groups: Array<{ title: string; items: Array<{ label: string; categoryId: number | null }> }>;
    }>
  ).flatMap((s) => s.groups.flatMap((g) => g.items.map((i) => ({ section: s.title, group: g.title, ...i }))));
const create = (body: object) => adminCall(t, manager, 'POST', '/categories', body);

describe('categories by hand', () => {
  it('creates a category under another, linked in a menu group; its page, breadcrumb and menu link follow', async () => {
    const { categories, menuGroups } = await list();
    const parent = categories.find((c) => c.parentId === null && c.section === 'Jewelry')!;
    const group = menuGroups.find((g) => g.section === 'Jewelry')!;
    const name = `Signet Rings ${randomUUID().slice(0, 4)}`;
    const res = await create({
      name,
      description: 'Oval, cushion and round signets, cast and engraved in our workshop.',
      parentId: parent.id,
      section: 'Jewelry',
      seoTitle: 'Gold signet rings',
      menuGroup: group,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({ name, parentId: parent.id, section: 'Jewelry', menuLinks: 1, hidden: false });

    const page = (await get(`/category/${made.id}`)).json().data.category;
    expect(page).toMatchObject({ name, seoTitle: 'Gold signet rings' });
    expect(page.breadcrumb.map((b: { id: number }) => b.id)).toEqual(expect.arrayContaining([parent.id, made.id]));
    await expect.poll(async () => (await menuLabels()).map((m) => m.label), { timeout: 2000 }).toContain(name);
    const link = (await menuLabels()).find((m) => m.label === name)!;
    expect(link).toMatchObject({ section: 'Jewelry', group: group.group, categoryId: made.id });
    // The last link of its group: the group's other links keep their places before it.
    const inGroup = (await menuLabels()).filter((m) => m.section === 'Jewelry' && m.group === group.group);
    expect(inGroup.at(-1)!.label).toBe(name);
  });

  it('renames (its menu link follows), hides (off the menu and its page 404s) and shows again', async () => {
    const made = (
      await create({
        name: `Estate Pieces ${randomUUID().slice(0, 4)}`,
        parentId: null,
        section: 'Jewelry',
        menuGroup: (await list()).menuGroups.find((g) => g.section === 'Jewelry'),
      })
    ).json().data;
    const renamed = await adminCall(t, manager, 'PATCH', `/categories/${made.id}`, {
      version: made.version,
      name: `${made.name} & Vintage`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expect
      .poll(async () => (await menuLabels()).map((m) => m.label), { timeout: 2000 })
      .toContain(`${made.name} & Vintage`);

    const stale = await adminCall(t, manager, 'PATCH', `/categories/${made.id}`, {
      version: made.version,
      hidden: true,
    });
    expect(stale.statusCode, 'an edit from a stale page is refused').toBe(409);
    const hidden = await adminCall(t, manager, 'PATCH', `/categories/${made.id}`, {
      version: renamed.json().data.version,
      hidden: true,
    });
    expect(hidden.json().data.hidden).toBe(true);
    await expect.poll(async () => (await get(`/category/${made.id}`)).statusCode, { timeout: 2000 }).toBe(404);
    expect((await menuLabels()).map((m) => m.categoryId)).not.toContain(made.id);
    const shown = await adminCall(t, manager, 'PATCH', `/categories/${made.id}`, {
      version: hidden.json().data.version,
      hidden: false,
    });
    expect(shown.statusCode).toBe(200);
    await expect.poll(async () => (await get(`/category/${made.id}`)).statusCode, { timeout: 2000 }).toBe(200);
  });

  it('moves a category (its children follow it into the new section) and never under itself', async () => {
    const top = (
      await create({ name: `Charms ${randomUUID().slice(0, 4)}`, parentId: null, section: 'Jewelry', menuGroup: null })
    ).json().data;
    const child = (
      await create({
        name: `Letter Charms ${randomUUID().slice(0, 4)}`,
        parentId: top.id,
        section: 'Jewelry',
        menuGroup: null,
      })
    ).json().data;
    const loop = await adminCall(t, manager, 'PATCH', `/categories/${top.id}`, {
      version: top.version,
      parentId: child.id,
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors).toHaveProperty('parentId');

    const findings = (await list()).categories.find((c) => c.parentId === null && c.section === 'Findings')!;
    const moved = await adminCall(t, manager, 'PATCH', `/categories/${top.id}`, {
      version: top.version,
      parentId: findings.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.section).toBe('Findings');
    const after = (await list()).categories.find((c) => c.id === child.id)!;
    expect(after.section).toBe('Findings');
    await expect
      .poll(
        async () =>
          (await get(`/category/${child.id}`)).json().data.category.breadcrumb.map((b: { id: number }) => b.id),
        {
          timeout: 2000,
        },
      )
      .toEqual(expect.arrayContaining([findings.id, top.id, child.id]));
  });

  it('reorders siblings one place at a time; the first cannot go further up', async () => {
    const parent = (
      await create({
        name: `Pendants ${randomUUID().slice(0, 4)}`,
        parentId: null,
        section: 'Jewelry',
        menuGroup: null,
      })
    ).json().data;
    const a = (await create({ name: 'Lockets', parentId: parent.id, section: 'Jewelry', menuGroup: null })).json().data;
    const b = (await create({ name: 'Crosses', parentId: parent.id, section: 'Jewelry', menuGroup: null })).json().data;
    const children = async () =>
      (await get(`/category/${parent.id}`)).json().data.category.children.map((c: { id: number }) => c.id);
    await expect.poll(children, { timeout: 2000 }).toEqual([a.id, b.id]);
    const up = await adminCall(t, manager, 'POST', `/categories/${b.id}/move`, { version: b.version, direction: 'up' });
    expect(up.statusCode, up.body).toBe(200);
    await expect.poll(children, { timeout: 2000 }).toEqual([b.id, a.id]);
    const b2 = up.json().data.categories.find((c: Cat) => c.id === b.id);
    const again = await adminCall(t, manager, 'POST', `/categories/${b.id}/move`, {
      version: b2.version,
      direction: 'up',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/first/);
  });

  it('refuses bad input with reasons and keeps nothing', async () => {
    const before = (await list()).categories.length;
    for (const [body, field] of [
      [{ name: '', parentId: null, section: 'Jewelry', menuGroup: null }, 'name'],
      [{ name: 'Rings', parentId: null, section: 'Nowhere', menuGroup: null }, 'section'],
      [{ name: 'Rings', parentId: 2_000_000_000, section: 'Jewelry', menuGroup: null }, 'parentId'],
      [
        {
          name: 'Rings',
          parentId: null,
          section: 'Jewelry',
          menuGroup: { section: 'Jewelry', group: 'No such group' },
        },
        'menuGroup',
      ],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    expect((await list()).categories.length).toBe(before);
  });
});
