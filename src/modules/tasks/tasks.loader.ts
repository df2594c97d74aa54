import type { Db } from '../../db/database.ts';
import { toTask } from './tasks.mapper.ts';
import { findTasks, type TaskSelection } from './tasks.repository.ts';
import type { Task } from './tasks.schemas.ts';

/**
 * Tasks in their response shape (with challenge and workstream), by id or of a challenge, oldest first, in one
 * query. Callers decide who may see them; this only loads.
 */
export async function loadTasks(db: Db, where: TaskSelection): Promise<Task[]> {
  const rows = await findTasks(db, where);
  return rows.map(toTask);
}
