import { loadTaxonomy } from '../src/ai/taxonomy/taxonomy.ts';
import type { Db } from '../src/db/database.ts';
import { ensureSkillIds } from '../src/modules/skills/skills.repository.ts';

/**
 * Skills rows for seeding: the first `count` skills of the taxonomy, written as the pipeline writes them (rows exist
 * only once something names them; a migration installs none), with their ids. The seeders top them up with made-up
 * skills when the taxonomy has fewer.
 */
export async function taxonomySkillRows(db: Db, count: number): Promise<{ id: number; name: string }[]> {
  await ensureSkillIds(
    db,
    loadTaxonomy()
      .skills.slice(0, count)
      .map((skill) => skill.name),
  );
  return db.selectFrom('skills').select(['id', 'name']).orderBy('id').execute();
}
