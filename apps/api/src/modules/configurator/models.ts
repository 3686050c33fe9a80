import type { DbOrTx } from '../../db/client.ts';
import { configuratorRepository as repo } from './repository.ts';

/** A configurable design's model (how it is made): added when the design is made configurable. */
export const addModel = (tx: DbOrTx, m: Parameters<typeof repo.insertModel>[1]) => repo.insertModel(tx, m);
