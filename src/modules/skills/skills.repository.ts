import { loadTaxonomy, type TaxonomySkill } from '../../ai/taxonomy/taxonomy.ts';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../shared/chunks.ts';

/** The matching key of a skill name: how `skills.slug` is written (lower-cased, trimmed). */
function skillKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (3 columns per row). */
const BATCH_ROWS = 250;

/**
 * Ids of skill names, read only: each name is resolved through the taxonomy (its name or any alias, any case: "JS",
 * "javascript" and "JavaScript" are one skill) and looked up by the canonical slug; a name the taxonomy lacks is looked
 * up as written, which finds skills added by hand. Names without a row are left out; no duplicates.
 */
export async function skillIdsForNames(db: Db, names: readonly string[]): Promise<number[]> {
  const taxonomy = loadTaxonomy();
  const slugs = names.map((name) => taxonomy.resolve(name)?.slug ?? skillKey(name)).filter((slug) => slug !== '');
  return (await idsBySlug(db, slugs)).map((row) => row.id);
}

/**
 * Ids of the taxonomy skills the names stand for, in the order of the names, without duplicates, creating the rows
 * that do not exist yet (name, slug and category from the taxonomy). Names the taxonomy lacks are left out: matching
 * can only use skills it knows. Safe when two processes name a new skill at once: the insert does nothing where the
 * row exists (or is being written by a transaction it then waits for), and the ids are read after it.
 */
export async function ensureSkillIds(db: Db, names: readonly string[]): Promise<number[]> {
  const taxonomy = loadTaxonomy();
  const skills = [...new Set(names.map((name) => taxonomy.resolve(name)).filter((skill) => skill !== undefined))];
  if (skills.length === 0) return [];
  // Slug order, the same in every process, so that two writers never wait on each other in opposite orders.
  const sorted = [...skills].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  for (const batch of chunks(sorted, BATCH_ROWS)) {
    await db
      .insertInto('skills')
      .values(batch.map((skill: TaxonomySkill) => ({ name: skill.name, slug: skill.slug, category: skill.category })))
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
  }
  const idOf = new Map(
    (
      await idsBySlug(
        db,
        skills.map((skill) => skill.slug),
      )
    ).map((row) => [row.slug, row.id]),
  );
  return skills.map((skill) => idOf.get(skill.slug)).filter((id) => id !== undefined);
}

/** Skills rows by slug (the lower-cased canonical name), in batches; slugs without a row are left out. */
export async function idsBySlug(db: Db, slugs: readonly string[]): Promise<{ id: number; slug: string }[]> {
  const rows: { id: number; slug: string }[] = [];
  for (const batch of chunks([...new Set(slugs)], BATCH_ROWS * 3)) {
    rows.push(...(await db.selectFrom('skills').select(['id', 'slug']).where('slug', 'in', batch).execute()));
  }
  return rows;
}

/** Names of skills rows by id. */
export async function skillNamesByIds(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('skills')
    .select('name')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((row) => row.name);
}
