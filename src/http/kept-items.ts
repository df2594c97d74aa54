import { LRUCache } from 'lru-cache';

/**
 * Serialized items that many per-user pages share (a task appears in the feeds and task lists of many contributors),
 * kept by each process within a byte budget (issue 11). A per-user page cannot be kept whole as the shared reads are
 * (src/http/shared-reads.ts): which items it lists is the caller's. But each item's JSON is everyone's, and turning
 * the item's row into an object and serializing it is most of what such a page costs; a kept item costs the lookup
 * of its version, read with the page's ids in the page's own statement.
 *
 * An item is kept with the version its stamp carried, read before the item was loaded, and used again only while a
 * later page reads that same version: the version is raised in the transaction of every write that changes the item
 * (for a task, its challenge's read version, migration 0032). A write committing between the stamp and the load is
 * in the kept JSON or not, but either way the version it is kept under is already stale, so it is never used again.
 */
export type ItemStamp = {
  /** Names the item and everything a reused number could mix up (a task id that SQLite hands out again). */
  key: string;
  version: number;
};

/**
 * An item's JSON, and what else about it its reader keeps beside (`facts`, e.g. a notification's type and data,
 * which never change either), with their size in characters as `keep` counts it.
 */
export type Kept<F = undefined> = { json: string; facts: F; factsChars: number };

type KeptItem = { version: number } & Kept<unknown>;

export class KeptItems {
  readonly #items: LRUCache<string, KeptItem> | null;
  /** Items answered from their kept JSON, and loaded: for the tests and the bench's understanding. */
  hits = 0;
  misses = 0;

  constructor(maxBytes: number) {
    this.#items =
      maxBytes > 0
        ? new LRUCache<string, KeptItem>({
            maxSize: maxBytes,
            // JavaScript strings: two bytes a character, key included.
            sizeCalculation: (item, key) => (item.json.length + item.factsChars + key.length) * 2,
          })
        : null;
  }

  /**
   * The JSON of each stamped item, in the stamps' order: the kept JSON where its version is the stamp's, the others
   * loaded together (`load` answers them in the order asked, undefined for an item gone since its stamp was read),
   * serialized and kept. An item gone is undefined here too.
   */
  async jsonOf<S extends ItemStamp, T>(
    stamps: readonly S[],
    load: (missing: S[]) => Promise<Array<T | undefined>>,
    serialize: (item: T) => string,
  ): Promise<Array<string | undefined>> {
    const kept = await this.keptOf(stamps, load, (item) => ({
      json: serialize(item),
      facts: undefined,
      factsChars: 0,
    }));
    return kept.map((item) => item?.json);
  }

  /** As `jsonOf`, each item kept with its facts besides its JSON (`keep` writes both). */
  async keptOf<S extends ItemStamp, T, F>(
    stamps: readonly S[],
    load: (missing: S[]) => Promise<Array<T | undefined>>,
    keep: (item: T) => Kept<F>,
  ): Promise<Array<Kept<F> | undefined>> {
    const found: Array<Kept<F> | undefined> = stamps.map((stamp) => {
      const kept = this.#items?.get(stamp.key);
      return kept?.version === stamp.version ? (kept as Kept<F>) : undefined;
    });
    const missing = stamps.filter((_, i) => found[i] === undefined);
    this.hits += stamps.length - missing.length;
    this.misses += missing.length;
    if (missing.length > 0) {
      const loaded = await load(missing);
      const byKey = new Map<string, Kept<F>>();
      missing.forEach((stamp, i) => {
        const item = loaded[i];
        if (item === undefined) return;
        const made = keep(item);
        byKey.set(stamp.key, made);
        this.#items?.set(stamp.key, { version: stamp.version, ...made });
      });
      stamps.forEach((stamp, i) => {
        found[i] ??= byKey.get(stamp.key);
      });
    }
    return found;
  }

  /** False with a budget of 0: nothing is kept, and a reader may as well render as it did before keeping. */
  get keeps(): boolean {
    return this.#items !== null;
  }

  clear(): void {
    this.#items?.clear();
  }
}
