/** The size to offer first: the left ring finger's (where an engagement ring goes), else the first kept. */
export const sizeToOffer = (sizes: ReadonlyArray<{ finger: string; hand: string; size: number }>): number | null =>
  (sizes.find((s) => s.finger === 'ring' && s.hand === 'left') ?? sizes[0])?.size ?? null;
