import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedByContract } from './contract-form.ts';

const contract = z.object({
  name: z.string().trim().min(2, 'Write its name'),
  priceCents: z.number().int().min(100, 'At least $1.00'),
});
const form = checkedByContract(
  z.object({ name: z.string(), price: z.string() }),
  contract,
  (v) => ({ name: v.name, priceCents: Math.round(Number(v.price) * 100) }),
  (path) => (path[0] === 'priceCents' ? ['price', ...path.slice(1)] : path),
);

describe('a form checked by its contract', () => {
  it('shows the contract’s message under the form’s own field, and lets a good body through', () => {
    const bad = form.safeParse({ name: 'x', price: '0.50' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Write its name'],
      ['price', 'At least $1.00'],
    ]);
    expect(form.safeParse({ name: 'Ring', price: '12.00' }).success).toBe(true);
  });
});

/**
 * A length or a range written in a back-office form restates a contract's rule (and drifts from
 * it). Forms say what their inputs hold; `.min(1)` (something chosen) and `.length(n)` (a fixed
 * grid) are shape, anything larger is a rule. Returns the offending lines.
 */
function restatedRules(source: string): string[] {
  return source
    .split('\n')
    .filter(
      (line) => /\.max\(\s*\d|\.min\(\s*(?:[2-9]|1\d|0\.)/.test(line) || /Number\([^)]*\)\s*[<>]=?\s*\d/.test(line),
    )
    .map((line) => line.trim());
}

const adminSources = () => {
  const app = path.join(import.meta.dirname, '../../..');
  const files = [
    ...readdirSync(path.join(app, 'features/admin'), { recursive: true, encoding: 'utf8' }).map((f) =>
      path.join(app, 'features/admin', f),
    ),
    ...readdirSync(path.join(app, 'routes/admin'), { encoding: 'utf8' }).map((f) => path.join(app, 'routes/admin', f)),
  ];
  return files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
};

describe('back-office forms keep no rules of their own', () => {
  it('finds a length, a minimum or a range written in a form', () => {
    expect(
      restatedRules(`const s = z.object({
  name: z.string().trim().min(2, 'Name it').max(40),
  price: z.string().refine((v) => Number(v) >= 1, 'At least 1'),
  place: z.string().min(1),
  hours: z.array(day).length(7),
});`),
    ).toEqual([
      "name: z.string().trim().min(2, 'Name it').max(40),",
      "price: z.string().refine((v) => Number(v) >= 1, 'At least 1'),",
    ]);
  });

  it('no back-office form restates a rule its contract holds', () => {
    const found = adminSources().flatMap((f) =>
      restatedRules(readFileSync(f, 'utf8'))
        .filter((line) => /\bz\.|\.refine\(|\.regex\(/.test(line))
        .map((line) => `${path.basename(f)}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
