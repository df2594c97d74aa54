import { loadTaxonomy, skillSlug } from '../../ai/taxonomy/taxonomy.ts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { ensureSkillIds } from '../skills/skills.repository.ts';
import { holdFeedOf, refreshFeedOf } from '../tasks/task-fit.repository.ts';
import { profileNotFound } from '../users/profile-errors.ts';
import { removeSkills, setManualSkills } from './volunteer-skills.repository.ts';
import { findVolunteerByUserId, skillsOfVolunteer } from './volunteers.repository.ts';
import type { EditSkillsBody, VolunteerProfile } from './volunteers.schemas.ts';
import { getVolunteerProfile } from './volunteers.service.ts';

/**
 * `PATCH /volunteers/profile/skills` (issue 13, item 1): the contributor corrects what the CV analysis read. Names
 * are resolved through the taxonomy (any alias, any case), or name a skill of the profile (a skill the CV listed in
 * its own words, which the taxonomy does not know: it can be removed and re-levelled, not added by hand); a name to
 * add that is neither, a skill to remove that is not on the profile, or one skill both added and removed is a 422 on
 * that field, and nothing changes. In one transaction:
 * removed skills go and are remembered (a new CV analysis leaves them off), added ones become the contributor's own
 * (`manual`, kept through re-analysis; a CV skill keeps its excerpt), the feed of available tasks follows, and
 * `volunteer.match` is queued so open tasks the new skills fit may invite them.
 */
export async function editSkills(deps: AppDeps, caller: AuthUser, body: EditSkillsBody): Promise<VolunteerProfile> {
  const { db } = deps;
  const volunteer = await findVolunteerByUserId(db, caller.id);
  if (!volunteer) throw profileNotFound('contributor');
  const taxonomy = loadTaxonomy();
  const slugOf = (name: string) => skillSlug(taxonomy, name);
  const adds = body.add ?? [];
  const removes = body.remove ?? [];

  const held = await skillsOfVolunteer(db, volunteer.id);
  const heldBySlug = new Map(held.map((skill) => [slugOf(skill.name), skill.id]));
  const unknownAdd = adds.find((skill) => !taxonomy.resolve(skill.name) && !heldBySlug.has(slugOf(skill.name)));
  if (unknownAdd) {
    throw AppError.field(
      'add',
      `Guild does not know the skill "${unknownAdd.name}". Pick a skill from the list, or another name for it.`,
    );
  }
  const removeIds: number[] = [];
  for (const name of removes) {
    const id = heldBySlug.get(slugOf(name));
    if (id === undefined) throw AppError.field('remove', `Your profile does not list the skill "${name}".`);
    removeIds.push(id);
  }
  const removedSlugs = new Set(removes.map(slugOf));
  const both = adds.find((skill) => removedSlugs.has(slugOf(skill.name)));
  if (both) throw AppError.field('add', `"${both.name}" cannot be both added and removed in one change.`);

  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await holdFeedOf(trx, volunteer.id);
    await removeSkills(trx, volunteer.id, removeIds, now);
    // Named twice (by aliases, say): the last level given counts.
    const levelById = new Map<number, string>();
    for (const skill of adds) {
      const id = heldBySlug.get(slugOf(skill.name)) ?? (await ensureSkillIds(trx, [skill.name]))[0]!;
      levelById.set(id, skill.proficiency_level);
    }
    await setManualSkills(
      trx,
      volunteer.id,
      [...levelById].map(([skillId, proficiency]) => ({ skillId, proficiency })),
      now,
    );
    await refreshFeedOf(trx, volunteer.id);
    if (levelById.size > 0) await deps.queue.enqueue(trx, 'volunteer.match', { volunteerId: volunteer.id });
  });
  return getVolunteerProfile(db, caller);
}
