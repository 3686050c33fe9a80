import type { DbOrTx } from '../../db/client.ts';
import { configuratorRepository as repo } from './repository.ts';

/** A configurable design's model (how it is made): added when the design is made configurable. */
export const addModel = (tx: DbOrTx, m: Parameters<typeof repo.insertModel>[1]) => repo.insertModel(tx, m);

/** A setting's stone places (null: the design is not a setting). */
export const stoneLocations = (db: DbOrTx, groupId: number) => repo.locations(db, groupId);
/** A setting's stone places replaced; orders keep the stones they were sold with (their lines hold them). */
export const setStoneLocations = (tx: DbOrTx, groupId: number, locations: Parameters<typeof repo.setLocations>[2]) =>
  repo.setLocations(tx, groupId, locations);
