import { type Candidate, fittingProficiency, isCoreSkill, matchFactors, type TaskNeeds } from './scoring.ts';

/**
 * Why a task's candidate list is empty, or holds no one matching would invite, in a sentence a company can act on
 * ("No contributor holds Structural Design at advanced level or above."). Null when matching has someone to invite.
 *
 * `pool`: everyone holding one of the task's skills (or a narrower one) who has no assignment on it, whatever their
 * hours; `invitable`: how many of them score at least `minimumScore`; `eligible`: how many fit at all.
 */
export function explainEmptyCandidates(input: {
  task: TaskNeeds;
  pool: readonly Candidate[];
  eligible: number;
  invitable: number;
  minimumScore: number;
  /** Whether anyone already has an assignment on the task (the sentence then says "no other contributor"). */
  othersOnTask: boolean;
}): string | null {
  const { task, pool, eligible, invitable, minimumScore, othersOnTask } = input;
  if (task.skills.length === 0) {
    return 'This task names no required skills, so matching has no one to rank. Find people by skill and invite them yourself.';
  }
  if (invitable > 0) return null;
  if (eligible > 0) {
    return (
      `${count(eligible, 'contributor fits', 'contributors fit')} this task, but none scores the ${minimumScore} ` +
      'matching needs to invite on its own. Invite one yourself if their profile suits you.'
    );
  }
  const floor = fittingProficiency(task.requiredExperienceLevel);
  // The skills that can make someone fit: a supporting or soft one is no use to name.
  const core = task.skills.filter(isCoreSkill);
  const named = orList((core.length > 0 ? core : task.skills).map((skill) => skill.name));
  const factors = pool.map((candidate) => matchFactors(task, candidate));
  const fitting = factors.filter((f) => f.matchedSkills.some((skill) => skill.fits)).length;
  const who = othersOnTask ? 'other contributor' : 'contributor';
  if (fitting === 0) {
    const coreNames = new Set(core.map((skill) => skill.name));
    const below = factors.filter((f) => f.matchedSkills.some((skill) => coreNames.has(skill.name))).length;
    const them = core.length > 1 ? 'one of them' : 'it';
    const lower =
      below > 0 ? ` ${count(below, 'contributor holds', 'contributors hold')} ${them} at a lower level.` : '';
    return `No ${who} holds ${named} at ${floor} level or above.${lower}`;
  }
  const needed = Math.round(factors[0].neededHours * 10) / 10;
  return (
    `${count(fitting, `${who} holds`, `${who}s hold`)} ${named} at ${floor} level or above, but none has the ` +
    `${needed} free hours a week the task needs.`
  );
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "A", "A or B", "A, B or C". */
function orList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
