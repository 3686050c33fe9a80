import { describe, expect, it } from 'vitest';
import { ownBytes } from './bytes.ts';

describe('bytes a render thread may give away', () => {
  it('joins pieces into a new buffer of their own', () => {
    const out = ownBytes([Buffer.from('<p>'), Buffer.from('one'), Buffer.from('</p>')]);
    expect(Buffer.from(out).toString()).toBe('<p>one</p>');
    expect(out.byteLength).toBe(out.buffer.byteLength);
  });

  it('copies a small Buffer, which lives in the pool every Buffer of the thread shares', () => {
    const small = Buffer.from('<p>tiny page</p>');
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength); // a view into the pool
    const out = ownBytes([small]);
    expect(out.buffer).not.toBe(small.buffer);
    // Giving it away leaves the pool, and every Buffer in it, intact.
    structuredClone(out, { transfer: [out.buffer as ArrayBuffer] });
    expect(small.toString()).toBe('<p>tiny page</p>');
  });

  it('passes a page that is the whole of its own buffer as it is, without a copy', () => {
    const page = Buffer.concat([Buffer.alloc(40_000, 'a'), Buffer.alloc(20_000, 'b')]);
    expect(ownBytes([page])).toBe(page);
  });
});
