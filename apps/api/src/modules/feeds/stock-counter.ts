// How often each stock number appears in a feed, in about 9 bytes a stock number instead of a
// string in a Map (a million-row feed: ~18 MB instead of ~150 MB once the garbage of the Map's
// growth is counted). Stock numbers are kept as two independent 32-bit hashes in an open-addressing
// table; two different stock numbers share both only by a 1-in-2^64 chance, and the caller checks
// the rows this counter calls repeated against each other exactly (see checkDiamondFeed).

const EMPTY = 0;

function hashes(s: string): [number, number] {
  // FNV-1a, and a multiply-xorshift with another seed: independent enough for a table key.
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= a >>> 16;
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b ^= b >>> 16;
  // 0 marks an empty slot.
  return [a >>> 0 || 1, b >>> 0];
}

export class StockCounter {
  private mask: number;
  private hi: Uint32Array;
  private lo: Uint32Array;
  private counts: Uint8Array;
  private used = 0;

  constructor(capacity = 1 << 16) {
    const size = 1 << Math.ceil(Math.log2(Math.max(16, capacity)));
    this.mask = size - 1;
    this.hi = new Uint32Array(size);
    this.lo = new Uint32Array(size);
    this.counts = new Uint8Array(size);
  }

  private slot(h: number, l: number): number {
    let i = (h ^ Math.imul(l, 0x9e3779b1)) & this.mask;
    while (this.hi[i] !== EMPTY && (this.hi[i] !== h || this.lo[i] !== l)) i = (i + 1) & this.mask;
    return i;
  }

  add(stock: string): void {
    if ((this.used + 1) * 2 > this.mask + 1) this.grow();
    const [h, l] = hashes(stock);
    const i = this.slot(h, l);
    if (this.hi[i] === EMPTY) {
      this.hi[i] = h;
      this.lo[i] = l;
      this.used++;
    }
    // Saturates: "more than once" is what matters; the exact count comes from the rows themselves.
    if (this.counts[i]! < 255) this.counts[i]!++;
  }

  /** How many times `stock` was added (255 means 255 or more). */
  count(stock: string): number {
    const [h, l] = hashes(stock);
    return this.counts[this.slot(h, l)]!;
  }

  private grow() {
    const { hi, lo, counts } = this;
    const size = (this.mask + 1) * 2;
    this.mask = size - 1;
    this.hi = new Uint32Array(size);
    this.lo = new Uint32Array(size);
    this.counts = new Uint8Array(size);
    for (let j = 0; j < hi.length; j++) {
      if (hi[j] === EMPTY) continue;
      const i = this.slot(hi[j]!, lo[j]!);
      this.hi[i] = hi[j]!;
      this.lo[i] = lo[j]!;
      this.counts[i] = counts[j]!;
    }
  }
}
