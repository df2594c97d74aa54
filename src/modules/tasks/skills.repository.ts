import type { Db } from '../../db/database.ts';

/** The matching key of a skill name: how `skills.slug` is written (lower-cased, trimmed). */
export function skillKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * Taxonomy ids of skill names, matched case-insensitively against the skill's slug or any of its aliases
 * ("JS", "javascript" and "JavaScript" all name one skill). Names that match nothing are left out; the result has
 * no duplicates. One query whatever the number of names.
 */
export async function skillIdsForNames(db: Db, names: readonly string[]): Promise<number[]> {
  const keys = [...new Set(names.map(skillKey).filter((key) => key !== ''))];
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('skills')
    .select('id')
    .where('slug', 'in', keys)
    .union(
      db
        .selectFrom('skill_aliases')
        .select('skill_id as id')
        // Aliases are lower-cased on entry like slugs, but the table is small: compare lower() so one typed in
        // mixed case still matches.
        .where((eb) => eb(eb.fn('lower', ['alias']), 'in', keys)),
    )
    .execute();
  return rows.map((row) => row.id);
}
