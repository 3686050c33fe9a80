import type { MediaStore } from './store.ts';

const PAGE = 200;

/**
 * Every file of one store written to another under the same name (what the other had by that name
 * is replaced; what only it has stays). Run again after a failure, it starts over and ends the same.
 */
export async function copyMedia(
  from: MediaStore,
  to: MediaStore,
  onProgress?: (copied: number, name: string) => void,
): Promise<number> {
  let copied = 0;
  for (let after = ''; ;) {
    const names = await from.list(after, PAGE);
    for (const name of names) {
      const file = await from.get(name);
      if (!file) continue; // Removed while the copy ran.
      await to.put(name, file.bytes, file.type);
      copied += 1;
      onProgress?.(copied, name);
    }
    if (names.length < PAGE) return copied;
    after = names.at(-1)!;
  }
}
