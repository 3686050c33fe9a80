import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { perDatabase } from './per-database.ts';

describe('a copy per database', () => {
  it('keeps the newest reload when an older one finishes after it (publish right after unpublish)', async () => {
    const db = {} as Db;
    const pending: Array<(v: string) => void> = [];
    let loads = 0;
    const copy = perDatabase(() => {
      loads++;
      if (loads === 1) return Promise.resolve('first');
      return new Promise<string>((resolve) => pending.push(resolve));
    });
    expect(await copy(db)).toBe('first');
    const older = copy.reload(db); // read before the publish
    const newer = copy.reload(db); // read after it
    pending[1]!('after publish');
    await newer;
    expect(await copy(db)).toBe('after publish');
    pending[0]!('before publish');
    await older;
    expect(await copy(db)).toBe('after publish');
  });
});
