import { customType } from 'drizzle-orm/pg-core';

// Column types drizzle does not name; shared by the modules' schema files.
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });
