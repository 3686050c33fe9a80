/**
 * The pieces as one buffer this thread may give away (transfer) to another. A piece may be a view
 * into memory shared with the rest of the thread (Node's pool of small Buffers): transferring that
 * would detach it under everyone else, so such pieces are copied. A single piece that is the whole
 * of its own buffer (a page rendered whole) goes as it is.
 */
export function ownBytes(pieces: Uint8Array[]): Uint8Array {
  const [first] = pieces;
  if (pieces.length === 1 && first!.byteOffset === 0 && first!.byteLength === first!.buffer.byteLength) return first!;
  return joinBytes(pieces);
}

/** The pieces copied, in order, into one new buffer. */
export function joinBytes(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of pieces) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
