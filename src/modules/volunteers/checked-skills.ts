/**
 * Whether a contributor's skill is checked, so matching counts it: added by hand, or read from a CV whose analysis
 * passed validation (the rule `countedSkillRows` in candidates.repository.ts applies in SQL). A skill of a CV whose
 * analysis is `needs_review` (low confidence, src/ai/confidence.ts) is listed but not yet checked: pages show it as
 * such instead of hiding it.
 */
export function isCheckedSkill(skill: { source: string }, validationStatus: string | null): boolean {
  return skill.source === 'manual' || validationStatus === 'passed';
}
