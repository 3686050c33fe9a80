import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROUNDINGS, roundPrice } from '@facet/contracts/money';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { roundPriceSql } from './repository.ts';

// Prices moved in the database (a metal price change) round by a copy of the store's rule in SQL:
// it must give the code's answer, ties and prices under the first ending included.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seed: false });
});
afterAll(() => t.close());

it('the database rounds a worked-out price as the code does, for every rule', async () => {
  for (const rounding of ROUNDINGS)
    for (const cents of [1, 149.5, 150, 449, 450, 899.9, 123_449.5, 123_450, 124_499, 124_500, 987_654.3]) {
      const [row] = rowsOf<{ v: number }>(
        await t.database.db.execute(sql`select ${roundPriceSql(sql`${cents}`, rounding)} as v`),
      );
      expect(row!.v, `${cents} ${rounding}`).toBe(roundPrice(cents, rounding, 'nearest'));
    }
});
