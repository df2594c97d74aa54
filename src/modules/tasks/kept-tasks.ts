import type { Db } from '../../db/database.ts';
import type { KeptItems } from '../../http/kept-items.ts';
import { loadTasks } from './tasks.loader.ts';
import type { Task } from './tasks.schemas.ts';

/**
 * A task on a per-user page (the feed, my-tasks), read with the page's ids: what its kept JSON is checked against.
 * Everything a task's JSON shows — its row, its challenge's title and status, its workstream's title — is covered by
 * its challenge's read version (migration 0032 raises it on every write of the challenge, its tasks and workstreams,
 * also when a task moves to another challenge); null before the challenge's first write since that migration.
 */
export type TaskStamp = { id: number; challenge_id: number; version: number | null };

/**
 * The tasks' JSON (the `Task` schema, written by `serialize`), in the stamps' order, from the process's kept items
 * where their challenge's version has not moved since; the others loaded in one statement. Undefined for a task gone
 * since its stamp was read.
 */
export function taskJsonOf(
  db: Db,
  kept: KeptItems,
  stamps: readonly TaskStamp[],
  serialize: (task: Task) => string,
): Promise<Array<string | undefined>> {
  return kept.jsonOf(
    stamps.map((stamp) => ({
      // The challenge is in the key: a task id that SQLite hands out again may belong to another challenge.
      key: `task:${stamp.id}:${stamp.challenge_id}`,
      version: stamp.version ?? 0,
      id: stamp.id,
    })),
    (missing) => tasksInOrder(db, missing),
    serialize,
  );
}

/** The tasks as objects, in the stamps' order (undefined for a task gone since): for callers that need objects. */
export async function tasksInOrder(db: Db, stamps: readonly { id: number }[]): Promise<Array<Task | undefined>> {
  const tasks = await loadTasks(db, { ids: stamps.map((stamp) => stamp.id) });
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return stamps.map((stamp) => byId.get(stamp.id));
}

/**
 * A `MyTask`'s JSON from its task's and its assignment's: `MyTask` is the task's properties followed by
 * `my_assignment` (tasks.schemas.ts), and a serializer writes them in the schema's order, so the task's object is
 * reopened before its closing brace.
 */
export function myTaskJson(taskJson: string, assignmentJson: string): string {
  return `${taskJson.slice(0, -1)},"my_assignment":${assignmentJson}}`;
}
