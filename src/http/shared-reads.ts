import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ReadVersionsTable } from '../db/schema.ts';

/**
 * Rendered bodies of the reads many users share (the challenge list, a challenge, its ideas), kept by each process
 * within a byte budget (issue 11). Serializing and encoding a 5–30 KB body, and turning its rows into objects, is most
 * of what such a read costs; a kept body costs one lookup of its version instead.
 *
 * A body is kept with the version its read had just before it was rendered, and served again only while the
 * database still holds that version: the version is raised by triggers in the transaction of every write that
 * changes the read (migration 0032), so a write committed by any process shows on the next request of every process.
 * The version is read before the body: a write committing in between is in the body or not, but either way the
 * version the body is kept under is already stale, so the next request renders again. A body that would change
 * with time alone (a contest's deadline passing) is kept only until then.
 *
 * What makes the key is the caller's business: the read, its URL and the class of viewer that sees the same bytes.
 */
type KeptBody = { version: number; bytes: Buffer; until: number; dependsOn?: PageDependencies };

/**
 * What one caller's page depends on: its own rows, counted by one read version (`topic`, `subject`; e.g. a
 * contributor's feed), the challenges its items name (each with its read version, migration 0032), distinct, and any
 * other read versions it shows, by topic (e.g. the assignments of the contributors a company's notifications name),
 * distinct.
 */
export type PageDependencies = {
  topic: ReadVersionsTable['topic'];
  subject: number;
  challenges: readonly number[];
  others?: Readonly<Partial<Record<ReadVersionsTable['topic'], readonly number[]>>>;
};

/** How many read versions a page depends on besides its own. */
function dependencyCount(dependsOn: PageDependencies): number {
  let count = dependsOn.challenges.length;
  for (const subjects of Object.values(dependsOn.others ?? {})) count += subjects.length;
  return count;
}

export type SharedRead<T> = {
  /** The read, its parameters and the viewer class: two requests with one key are answered the same bytes. */
  key: string;
  /** The read's version, looked up before rendering. */
  version: number;
  render: () => Promise<T>;
  /** When the rendered body stops being right without any write (ms since the epoch); never, if absent. */
  keptUntil?: (payload: T) => number;
};

/**
 * One caller's page (their feed, tasks, assignments): kept as a shared read is, but its version is not one row.
 * A page depends on the caller's own rows and on every challenge its items name, which differ from page to page, so
 * the render says what its body depends on and what version that was at the time, and each later request reads the
 * current version of that same set (one statement) before sending the kept body.
 */
export type UserPage = {
  /** The read, its URL and the caller: two requests with one key are answered the same bytes. */
  key: string;
  /** The version of what a kept body depends on, as the database holds it now. */
  versionOf: (dependsOn: PageDependencies) => Promise<number>;
  /**
   * The body, what it depends on and their version, read no later than what the body shows (so that a write
   * committing while it renders leaves the kept version stale, never the body). `dependsOn` null: keep nothing.
   */
  render: () => Promise<RenderedPage>;
};

export type RenderedPage = { body: string; dependsOn: PageDependencies | null; version: number; until?: number };

const JSON_TYPE = 'application/json; charset=utf-8';

export class SharedReads {
  readonly #bodies: LRUCache<string, KeptBody> | null;
  /** Requests answered from a kept body, and rendered: for the tests and the bench's understanding. */
  hits = 0;
  misses = 0;

  constructor(maxBytes: number) {
    this.#bodies =
      maxBytes > 0
        ? new LRUCache<string, KeptBody>({
            maxSize: maxBytes,
            // The key is kept too; a body bigger than the whole budget is not kept at all.
            sizeCalculation: (body, key) =>
              body.bytes.length + key.length * 2 + (body.dependsOn ? 64 + 8 * dependencyCount(body.dependsOn) : 0),
          })
        : null;
  }

  /** Sends the kept body when its version is current, else renders it through the route's serializer and keeps it. */
  async serve<T>(reply: FastifyReply, read: SharedRead<T>): Promise<FastifyReply> {
    const kept = this.#bodies?.get(read.key);
    if (kept && kept.version === read.version && Date.now() < kept.until) {
      this.hits += 1;
      return reply.type(JSON_TYPE).send(kept.bytes);
    }
    this.misses += 1;
    const payload = await read.render();
    const bytes = Buffer.from(reply.serialize(payload) as string);
    const until = read.keptUntil?.(payload) ?? Number.POSITIVE_INFINITY;
    if (this.#bodies && until > Date.now()) this.#bodies.set(read.key, { version: read.version, bytes, until });
    return reply.type(JSON_TYPE).send(bytes);
  }

  /** As `serve`, for a page whose version is read over what its kept body depends on (`UserPage`). */
  async servePage(reply: FastifyReply, page: UserPage): Promise<FastifyReply> {
    const kept = this.#bodies?.get(page.key);
    if (kept && Date.now() < kept.until && kept.dependsOn && (await page.versionOf(kept.dependsOn)) === kept.version) {
      this.hits += 1;
      return reply.type(JSON_TYPE).send(kept.bytes);
    }
    this.misses += 1;
    const { body, dependsOn, version, until = Number.POSITIVE_INFINITY } = await page.render();
    const bytes = Buffer.from(body);
    if (this.#bodies && dependsOn !== null && until > Date.now()) {
      this.#bodies.set(page.key, { version, bytes, until, dependsOn });
    }
    return reply.type(JSON_TYPE).send(bytes);
  }

  clear(): void {
    this.#bodies?.clear();
  }
}
