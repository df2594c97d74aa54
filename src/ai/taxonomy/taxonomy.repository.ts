import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { loadTaxonomy, type Taxonomy } from './taxonomy.ts';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (3 columns per skill row). */
const BATCH_ROWS = 250;

/**
 * Writes every taxonomy skill into `skills` (name, slug = lower-cased name, category) and its aliases, lower-cased,
 * into `skill_aliases`. Idempotent: existing rows are matched by slug and alias and only changed when the taxonomy
 * says otherwise; skills added by hand (not in the taxonomy) are left alone. Safe to run from two processes at once:
 * every write is an upsert, in one transaction, in slug and alias order, so concurrent runs wait for each other
 * instead of failing or deadlocking.
 */
export async function syncTaxonomy(db: Kysely<Database>, taxonomy: Taxonomy = loadTaxonomy()): Promise<void> {
  const skills = [...taxonomy.skills].sort((a, b) => compare(a.slug, b.slug));
  await db.transaction().execute(async (trx) => {
    for (const batch of chunks(skills, BATCH_ROWS)) {
      await trx
        .insertInto('skills')
        .values(batch.map((skill) => ({ name: skill.name, slug: skill.slug, category: skill.category })))
        .onConflict((conflict) =>
          conflict
            .column('slug')
            .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), category: eb.ref('excluded.category') }))
            .where((eb) =>
              eb.or([
                eb('skills.name', '!=', eb.ref('excluded.name')),
                eb('skills.category', 'is distinct from', eb.ref('excluded.category')),
              ]),
            ),
        )
        .execute();
    }

    const ids = new Map<string, number>();
    for (const batch of chunks(skills, BATCH_ROWS)) {
      const rows = await trx
        .selectFrom('skills')
        .select(['id', 'slug'])
        .where(
          'slug',
          'in',
          batch.map((skill) => skill.slug),
        )
        .execute();
      for (const row of rows) ids.set(row.slug, row.id);
    }

    const aliases = new Map<string, number>();
    for (const skill of skills) {
      for (const alias of skill.aliases) {
        const key = alias.toLowerCase();
        if (key !== skill.slug) aliases.set(key, ids.get(skill.slug)!);
      }
    }
    const aliasRows = [...aliases].sort(([a], [b]) => compare(a, b));
    for (const batch of chunks(aliasRows, BATCH_ROWS * 2)) {
      await trx
        .insertInto('skill_aliases')
        .values(batch.map(([alias, skillId]) => ({ alias, skill_id: skillId })))
        .onConflict((conflict) =>
          conflict
            .column('alias')
            .doUpdateSet((eb) => ({ skill_id: eb.ref('excluded.skill_id') }))
            .where((eb) => eb('skill_aliases.skill_id', '!=', eb.ref('excluded.skill_id'))),
        )
        .execute();
    }
  });
}

/** Plain code-unit order: the same on every machine and locale, which is what keeps concurrent runs in step. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
