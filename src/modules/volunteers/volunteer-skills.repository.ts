import type { Db } from '../../db/database.ts';

/**
 * The contributor's own edits of their skills (issue 13, item 1): skills added by hand (`source` manual) and the
 * skills they took off (`volunteer_skill_removals`, migration 0018), which a new CV analysis leaves off.
 */

/** Takes the skills off the profile and remembers that they were taken off. */
export async function removeSkills(db: Db, volunteerId: number, skillIds: readonly number[], now: string) {
  if (skillIds.length === 0) return;
  await db
    .deleteFrom('volunteer_skills')
    .where('volunteer_id', '=', volunteerId)
    .where('skill_id', 'in', [...skillIds])
    .execute();
  await db
    .insertInto('volunteer_skill_removals')
    .values(skillIds.map((skillId) => ({ volunteer_id: volunteerId, skill_id: skillId, created_at: now })))
    .onConflict((conflict) => conflict.columns(['volunteer_id', 'skill_id']).doNothing())
    .execute();
}

/**
 * Puts each skill on the profile at the level given, as the contributor's own statement (`manual`): a skill the CV
 * analysis found keeps its excerpt as evidence and becomes the contributor's. A skill they had taken off is theirs
 * again.
 */
export async function setManualSkills(
  db: Db,
  volunteerId: number,
  skills: readonly { skillId: number; proficiency: string }[],
  now: string,
) {
  if (skills.length === 0) return;
  await db
    .deleteFrom('volunteer_skill_removals')
    .where('volunteer_id', '=', volunteerId)
    .where(
      'skill_id',
      'in',
      skills.map((skill) => skill.skillId),
    )
    .execute();
  for (const skill of skills) {
    const updated = await db
      .updateTable('volunteer_skills')
      .set({ proficiency_level: skill.proficiency, source: 'manual' })
      .where('volunteer_id', '=', volunteerId)
      .where('skill_id', '=', skill.skillId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) continue;
    await db
      .insertInto('volunteer_skills')
      .values({
        volunteer_id: volunteerId,
        skill_id: skill.skillId,
        proficiency_level: skill.proficiency,
        years_of_experience: null,
        source: 'manual',
        evidence: null,
        created_at: now,
      })
      .execute();
  }
}

/** The ids of the skills the contributor took off their profile. */
export async function removedSkillIds(db: Db, volunteerId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('volunteer_skill_removals')
    .select('skill_id')
    .where('volunteer_id', '=', volunteerId)
    .execute();
  return new Set(rows.map((row) => row.skill_id));
}
