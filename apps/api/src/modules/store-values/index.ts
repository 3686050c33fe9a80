// The module's public face: values the store keeps by key (a jsonb each). Each key belongs to the
// module that writes it (settings, content, staff, backup, saved searches); only this module's SQL
// names the table.
export { storeValuesRepository as storeValues } from './repository.ts';
