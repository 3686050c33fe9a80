export type Comparator = (a: number, b: number) => number;

/** The `k` smallest of `items[0..n)` under `cmp`, in order: a bounded max-heap, O(n log k). */
export function smallest(items: Int32Array, n: number, k: number, cmp: Comparator): number[] {
  if (k <= 0) return [];
  if (n <= k * 4) return Array.from(items.subarray(0, n)).sort(cmp).slice(0, k);
  const heap: number[] = [];
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1,
        r = l + 1;
      let top = i;
      if (l < heap.length && cmp(heap[l]!, heap[top]!) > 0) top = l;
      if (r < heap.length && cmp(heap[r]!, heap[top]!) > 0) top = r;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top]!, heap[i]!];
      i = top;
    }
  };
  for (let j = 0; j < n; j++) {
    const x = items[j]!;
    if (heap.length < k) {
      heap.push(x);
      for (let i = heap.length - 1; i > 0;) {
        const p = (i - 1) >> 1;
        if (cmp(heap[i]!, heap[p]!) <= 0) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (cmp(x, heap[0]!) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  return heap.sort(cmp);
}
