import { z } from 'zod';

// The `filters` query parameter: a JSON list of {label, matchType?, options}.
export const FILTER_LABELS = [
  'primary stone shape',
  'jewelry state',
  'primary stone type',
  'metal type',
  'chain style',
  'chain length',
  'agta',
  'color',
  'quality',
  'IsDiamond',
  'IsLabGrownDiamond',
  'CountryOfOrigin',
] as const;

export const filterSchema = z
  .object({
    label: z.string().trim().min(1).max(60),
    matchType: z.enum(['exact', 'like']).optional(),
    options: z.array(z.string().trim().min(1).max(80)).min(1).max(50),
  })
  .strict();
export const filtersSchema = z.array(filterSchema).max(12);
export type CatalogFilter = z.infer<typeof filterSchema>;

/** Parses the raw `filters` query value; answers a zod-style issue message on bad input. */
export function parseFiltersParam(
  raw: string | null | undefined,
): { ok: true; filters: CatalogFilter[] } | { ok: false; message: string } {
  if (raw == null || raw === '') return { ok: true, filters: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'filters must be a JSON list of {label, matchType, options}' };
  }
  const parsed = filtersSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, message: `Invalid filters: ${parsed.error.issues[0]?.message ?? 'bad value'}` };
  }
  return { ok: true, filters: parsed.data };
}
