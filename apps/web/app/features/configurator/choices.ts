import type { StoneChoiceInput } from '@facet/contracts/configurator';

// Configurator choices live in the URL: ?metal=&size=&width=&s1=d123&s2=m45
const KIND: Record<string, StoneChoiceInput['kind']> = { d: 'diamond', g: 'gemstone', m: 'melee' };

export interface Choices {
  metal?: string;
  size?: number;
  widthMm?: number;
  style?: string;
  stones: StoneChoiceInput[];
}

export function readChoices(params: URLSearchParams): Choices {
  const stones: StoneChoiceInput[] = [];
  for (const [key, value] of params) {
    const loc = /^s(\d{1,2})$/.exec(key);
    const stone = /^([dgm])(\d{1,10})$/.exec(value);
    if (loc && stone) stones.push({ location: Number(loc[1]), kind: KIND[stone[1]!]!, id: Number(stone[2]) });
  }
  const num = (k: string) => {
    const v = params.get(k);
    return v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  };
  return {
    metal: params.get('metal') ?? undefined,
    size: num('size'),
    widthMm: num('width'),
    style: params.get('style') ?? undefined,
    stones,
  };
}

export const stoneParam = (kind: StoneChoiceInput['kind'], id: number) => `${kind[0]}${id}`;
