import { loadTaxonomy, skillSlug, type TaxonomySkill } from '../../ai/taxonomy/taxonomy.ts';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../shared/chunks.ts';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (3 columns per row). */
const BATCH_ROWS = 250;

/**
 * Ids of skill names, read only: each name is resolved through the taxonomy (its name or any alias, any case: "JS",
 * "javascript" and "JavaScript" are one skill) and looked up by the canonical slug; a name the taxonomy lacks is looked
 * up by its own slug (`skillSlug`), which finds a skill a CV listed in its own words. Names without a row are left
 * out; no duplicates.
 */
export async function skillIdsForNames(db: Db, names: readonly string[]): Promise<number[]> {
  const taxonomy = loadTaxonomy();
  const slugs = names.map((name) => skillSlug(taxonomy, name)).filter((slug) => slug !== '');
  return (await idsBySlug(db, slugs)).map((row) => row.id);
}

type SkillRow = { name: string; slug: string; category: string | null };
type StoredSkill = { id: number; slug: string; category: string | null };

const taxonomyRow = (skill: TaxonomySkill): SkillRow => ({
  name: skill.name,
  slug: skill.slug,
  category: skill.category,
});

/**
 * Ids of the taxonomy skills the names stand for, in the order of the names, without duplicates, creating the rows
 * that do not exist yet (name, slug and category from the taxonomy). Names the taxonomy lacks are left out: what a
 * person adds by hand and what a company newly edits into a task are the taxonomy's skills. A CV's own words go
 * through `ensureCvSkillIds` (as do the words a task already holds, through a company's edit), a plan's through
 * `ensurePlannedSkillIds`.
 */
export async function ensureSkillIds(db: Db, names: readonly string[]): Promise<number[]> {
  const taxonomy = loadTaxonomy();
  const skills = [...new Set(names.map((name) => taxonomy.resolve(name)).filter((skill) => skill !== undefined))];
  const idOf = await writeSkillRows(db, skills.map(taxonomyRow));
  return skills.map((skill) => idOf.get(skill.slug)).filter((id) => id !== undefined);
}

/**
 * Ids of the skills a CV analysis found, one per name in the order of the names (undefined for an empty name),
 * creating the rows that do not exist yet: a name the taxonomy knows is its skill, as in `ensureSkillIds`; a name it
 * does not know is a skill in the CV's own words (the analysis keeps only those a CV lists, see
 * src/ai/cv/listed-skills.ts), stored as named, under its own slug and with no category. The same words from two CVs
 * ("Realtime captioning", "realtime  captioning") are one row, and such a row never takes a taxonomy skill's slug: a
 * name whose slug equals one resolves to that skill.
 */
export async function ensureCvSkillIds(db: Db, names: readonly string[]): Promise<Array<number | undefined>> {
  const taxonomy = loadTaxonomy();
  const rows = names.map((name): SkillRow | undefined => {
    const known = taxonomy.resolve(name);
    if (known) return taxonomyRow(known);
    const words = name.trim().replace(/\s+/g, ' ');
    return words === '' ? undefined : { name: words, slug: skillSlug(taxonomy, words), category: null };
  });
  const idOf = await writeSkillRows(
    db,
    rows.filter((row) => row !== undefined),
  );
  return rows.map((row) => (row === undefined ? undefined : idOf.get(row.slug)));
}

/**
 * Ids of the skills a planned task requires, in the order of the names, without duplicates, creating the rows that do
 * not exist yet: a name the taxonomy knows is its skill, as in `ensureSkillIds`; a name it does not know (a model
 * provider's, or decomposition's own words) is kept under its own slug, as a CV's own words are (`ensureCvSkillIds`).
 * So a task that needs "Sugar showpieces" meets the CV that lists "sugar  showpieces": the same words after case and
 * spacing, nothing looser.
 */
export async function ensurePlannedSkillIds(db: Db, names: readonly string[]): Promise<number[]> {
  const ids = await ensureCvSkillIds(db, names);
  return [...new Set(ids.filter((id) => id !== undefined))];
}

/**
 * Writes the rows that do not exist yet and answers every row's id by slug. Safe when two processes name a new skill
 * at once: the insert does nothing where the row exists (or is being written by a transaction it then waits for), and
 * the ids are read after it. A row first written for a CV's own words that the taxonomy has since learned (same slug,
 * no category) takes the taxonomy's name and category, so the skill stays one row.
 */
async function writeSkillRows(db: Db, rows: readonly SkillRow[]): Promise<Map<string, number>> {
  // The first spelling of a slug names its row ("Foam carving" before "foam  CARVING").
  const bySlug = new Map<string, SkillRow>();
  for (const row of rows) if (!bySlug.has(row.slug)) bySlug.set(row.slug, row);
  if (bySlug.size === 0) return new Map();
  // Slug order, the same in every process, so that two writers never wait on each other in opposite orders.
  const sorted = [...bySlug.values()].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  for (const batch of chunks(sorted, BATCH_ROWS)) {
    await db
      .insertInto('skills')
      .values(batch)
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
  }
  const stored = await idsBySlug(db, [...bySlug.keys()]);
  for (const row of stored) {
    const wanted = bySlug.get(row.slug)!;
    if (row.category === null && wanted.category !== null) {
      await db
        .updateTable('skills')
        .set({ name: wanted.name, category: wanted.category })
        .where('id', '=', row.id)
        .where('category', 'is', null)
        .execute();
    }
  }
  return new Map(stored.map((row) => [row.slug, row.id]));
}

/** Skills rows by slug (`skillSlug`), in batches; slugs without a row are left out. */
export async function idsBySlug(db: Db, slugs: readonly string[]): Promise<StoredSkill[]> {
  const rows: StoredSkill[] = [];
  for (const batch of chunks([...new Set(slugs)], BATCH_ROWS * 3)) {
    rows.push(
      ...(await db.selectFrom('skills').select(['id', 'slug', 'category']).where('slug', 'in', batch).execute()),
    );
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
