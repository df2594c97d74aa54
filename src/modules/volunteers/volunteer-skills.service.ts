import { loadTaxonomy } from '../../ai/taxonomy/taxonomy.ts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { ensureSkillIds } from '../skills/skills.repository.ts';
import { refreshFeedOf } from '../tasks/task-fit.repository.ts';
import { profileNotFound } from '../users/profile-errors.ts';
import { removeSkills, setManualSkills } from './volunteer-skills.repository.ts';
import { findVolunteerByUserId, skillsOfVolunteer } from './volunteers.repository.ts';
import type { EditSkillsBody, VolunteerProfile } from './volunteers.schemas.ts';
import { getVolunteerProfile } from './volunteers.service.ts';

/**
 * `PATCH /volunteers/profile/skills` (issue 13, item 1): the contributor corrects what the CV analysis read. Names
 * are resolved through the taxonomy (any alias, any case); a name it does not know, a skill to remove that is not on
 * the profile, or one skill both added and removed is a 422 on that field, and nothing changes. In one transaction:
 * removed skills go and are remembered (a new CV analysis leaves them off), added ones become the contributor's own
 * (`manual`, kept through re-analysis; a CV skill keeps its excerpt), the feed of available tasks follows, and
 * `volunteer.match` is queued so open tasks the new skills fit may invite them.
 */
export async function editSkills(deps: AppDeps, caller: AuthUser, body: EditSkillsBody): Promise<VolunteerProfile> {
  const { db } = deps;
  const volunteer = await findVolunteerByUserId(db, caller.id);
  if (!volunteer) throw profileNotFound('contributor');
  const taxonomy = loadTaxonomy();
  const unknown = (names: readonly string[]) => names.filter((name) => taxonomy.resolve(name) === undefined);
  const adds = body.add ?? [];
  const removes = body.remove ?? [];

  const unknownAdds = unknown(adds.map((skill) => skill.name));
  if (unknownAdds.length > 0) {
    throw AppError.field(
      'add',
      `Guild does not know the skill "${unknownAdds[0]}". Pick a skill from the list, or another name for it.`,
    );
  }
  const held = await skillsOfVolunteer(db, volunteer.id);
  const heldBySlug = new Map(held.map((skill) => [skill.name.toLowerCase(), skill.id]));
  const removeIds: number[] = [];
  for (const name of removes) {
    const id = heldBySlug.get(taxonomy.resolve(name)?.name.toLowerCase() ?? name.trim().toLowerCase());
    if (id === undefined) throw AppError.field('remove', `Your profile does not list the skill "${name}".`);
    removeIds.push(id);
  }
  const removedNames = new Set(removes.map((name) => taxonomy.resolve(name)?.slug));
  const both = adds.find((skill) => removedNames.has(taxonomy.resolve(skill.name)?.slug));
  if (both) throw AppError.field('add', `"${both.name}" cannot be both added and removed in one change.`);

  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await removeSkills(trx, volunteer.id, removeIds, now);
    // Named twice (by aliases, say): the last level given counts.
    const levelById = new Map<number, string>();
    for (const skill of adds) {
      const [id] = await ensureSkillIds(trx, [skill.name]);
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
