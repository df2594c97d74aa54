import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CompaniesTable } from '../../db/schema.ts';

export function findCompanyByUserId(db: Db, userId: number) {
  return db.selectFrom('companies').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertCompany(db: Db, values: Insertable<CompaniesTable>): Promise<void> {
  await db.insertInto('companies').values(values).execute();
}

/**
 * Applies the change and returns the logo key the row held before it. The first UPDATE takes the row's write lock
 * (PostgreSQL), so two simultaneous changes cannot both read the same old logo and leave the other's new one orphaned.
 */
export async function updateCompany(db: Db, id: number, patch: Updateable<CompaniesTable>) {
  const before = await db
    .updateTable('companies')
    .set({ updated_at: patch.updated_at })
    .where('id', '=', id)
    .returning('logo_storage_key')
    .executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('companies').set(patch).where('id', '=', id).execute();
  return { previousLogoKey: before.logo_storage_key };
}

/** The companies behind `challengeIds` in one query, by the challenges' primary key: what task cards show. */
export function companiesOfChallenges(db: Db, challengeIds: readonly number[]) {
  return db
    .selectFrom('challenges')
    .innerJoin('companies', 'companies.id', 'challenges.company_id')
    .select(['challenges.id as challenge_id', 'companies.id', 'companies.company_name', 'companies.logo_storage_key'])
    .where('challenges.id', 'in', challengeIds)
    .execute();
}

/** All of a company's challenges, newest first, through the (company_id, id) index. */
export function challengeSummariesOf(db: Db, companyId: number) {
  return db
    .selectFrom('challenges')
    .select(['id', 'title', 'status', 'challenge_type', 'score', 'complexity_level', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .execute();
}
export type ChallengeSummaryRow = Awaited<ReturnType<typeof challengeSummariesOf>>[number];

/** The user who owns the company: who its notifications go to. */
export async function companyUserIdOf(db: Db, companyId: number): Promise<number | undefined> {
  const row = await db.selectFrom('companies').select('user_id').where('id', '=', companyId).executeTakeFirst();
  return row?.user_id;
}
