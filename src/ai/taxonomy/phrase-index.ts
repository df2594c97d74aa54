/**
 * Phrases by their lower-cased words, compact enough for 100,000 of them: one bucket per first word, holding the rest
 * of each phrase as one key ("data" → "entry", "protection officer", …) in sorted order. Looking a phrase up is a map
 * lookup and a binary search; whether any phrase goes on past some words is a binary search too, which is what lets a
 * walk along a text stop as soon as no phrase can match (a token trie's walk, in a fraction of a trie's memory: a trie
 * node with its map of children per word cost about 600 bytes a phrase, this index about 150).
 */
export class PhraseIndex<V> {
  readonly #buckets = new Map<string, Bucket<V>>();

  /** Builds the index from (words, value) pairs; values of the same words keep the order they come in. */
  constructor(entries: Iterable<{ words: readonly string[]; value: V }>) {
    const pending = new Map<string, { key: string; value: V }[]>();
    for (const { words, value } of entries) {
      if (words.length === 0) continue;
      const list = pending.get(words[0]);
      const item = { key: words.slice(1).join(' '), value };
      if (list) list.push(item);
      else pending.set(words[0], [item]);
    }
    for (const [first, items] of pending) {
      // Array.prototype.sort is stable, so equal keys keep their entry order.
      items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      this.#buckets.set(first, { keys: items.map((item) => item.key), values: items.map((item) => item.value) });
    }
  }

  /** The phrases that start with `first`, or undefined when none does. */
  bucket(first: string): Bucket<V> | undefined {
    return this.#buckets.get(first);
  }
}

export type Bucket<V> = { readonly keys: readonly string[]; readonly values: readonly V[] };

/** The values of the phrase made of the bucket's first word and `rest` (words joined by single spaces). */
export function valuesOf<V>(bucket: Bucket<V>, rest: string): V[] {
  const found: V[] = [];
  for (let k = lowerBound(bucket.keys, rest); k < bucket.keys.length && bucket.keys[k] === rest; k++) {
    found.push(bucket.values[k]);
  }
  return found;
}

/** Whether some phrase of the bucket goes on past the first word and `rest` ("" for the first word alone). */
export function continuesPast(bucket: Bucket<unknown>, rest: string): boolean {
  if (rest === '') return bucket.keys.length > 0 && bucket.keys[bucket.keys.length - 1] !== '';
  // The keys that start with the prefix form one run, which begins where the prefix itself would sort.
  const prefix = `${rest} `;
  const k = lowerBound(bucket.keys, prefix);
  return k < bucket.keys.length && bucket.keys[k].startsWith(prefix);
}

function lowerBound(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle] < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
