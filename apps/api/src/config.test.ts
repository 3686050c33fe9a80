import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from './config.ts';

describe('configuration', () => {
  it('the README documents every setting config.ts accepts', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const undocumented = CONFIG_KEYS.filter((k) => !readme.includes(`\`${k}\``));
    expect(undocumented).toEqual([]);
  });
});
