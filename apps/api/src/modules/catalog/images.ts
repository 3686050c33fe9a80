import { paths } from '@facet/contracts/paths';
import type { ImageSpec } from '../../db/schema/products.ts';

// Image URLs are pure functions of the item's data; the media route draws them.
export const itemImageUrl = (spec: ImageSpec, metal: string, title: string) =>
  paths.itemArt({ kind: spec.kind, style: spec.style, metal, shape: spec.shape, stone: spec.stone, title });

export const stoneImageUrl = (shape: string, stone: string, title: string) =>
  paths.itemArt({ kind: 'stone', shape, stone, title });
