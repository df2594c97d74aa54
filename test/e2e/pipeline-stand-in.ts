import type { Db } from '../../src/db/database.ts';
import { finalScore } from '../../src/modules/ideas/ideas.scoring.ts';
import { notify } from '../../src/modules/notifications/notify.ts';
import { addVolunteerSkill, createAssignment, createTask, createTeam, createWorkstream } from '../helpers/factories.ts';

/**
 * STAND-IN FOR THE PIPELINE (issue 3). The AI pipeline (contract §6) does not exist yet; these functions write what
 * its stages will write, directly to the database the server uses, so that the endpoints downstream of it can be
 * driven over HTTP. When the pipeline lands, the lifecycle test runs the worker instead and these go away.
 */

const now = () => new Date().toISOString();

/** A contributor as the pipeline addresses them: by profile (matching) and by user (notifications). */
type Invitee = { volunteerId: number; userId: number };

/** Brief analysis + complexity + decomposition of a team challenge: active, one workstream of tasks with skills. */
export async function decomposeChallenge(db: Db, challengeId: number, taskSkills: string[][]) {
  await db
    .updateTable('challenges')
    .set({
      status: 'active',
      ai_analysis_status: 'completed',
      refined_brief: 'Shorten onboarding of warehouse staff to one week with an app, videos and a checklist.',
      field: 'Operations',
      score: 6,
      complexity_level: 3,
      challenge_type: 'team_execution',
      updated_at: now(),
    })
    .where('id', '=', challengeId)
    .execute();
  await db
    .insertInto('challenge_analyses')
    .values({
      challenge_id: challengeId,
      stage: 'brief',
      summary: 'A workable brief about onboarding.',
      objectives: JSON.stringify(['Onboard staff in one week']),
      constraints: JSON.stringify([]),
      success_criteria: JSON.stringify(['Managers follow the checklist']),
      stakeholders: JSON.stringify(['Warehouse managers']),
      risks: JSON.stringify([]),
      recommended_approach: 'Build the app first.',
      confidence_score: 85,
      provider: 'local',
      model: null,
      created_at: now(),
    })
    .execute();
  const workstream = await createWorkstream(db, challengeId, { title: 'Training app', position: 1 });
  const tasks = [];
  for (const skills of taskSkills) {
    tasks.push(await createTask(db, challengeId, { workstream_id: workstream.id, skills, estimated_hours: 12 }));
  }
  return { workstream, tasks };
}

/** CV analysis: the skills it found on the contributor's CV. */
export async function recordCvSkills(db: Db, volunteerId: number, skills: string[]): Promise<void> {
  for (const skill of skills) await addVolunteerSkill(db, volunteerId, skill, 'advanced');
  await db
    .updateTable('volunteers')
    .set({ ai_analysis_status: 'completed', validation_status: 'passed', ai_analyzed_at: now() })
    .where('id', '=', volunteerId)
    .execute();
}

/** Matching: the contributor is invited to the task, the task is `matching`, the invitee notified. */
export async function invite(db: Db, task: { id: number; title: string; challenge_id: number }, invitee: Invitee) {
  const assignment = await createAssignment(db, task.id, invitee.volunteerId, { status: 'invited', match_score: 82 });
  await db.updateTable('tasks').set({ status: 'matching', updated_at: now() }).where('id', '=', task.id).execute();
  await notify(db, {
    userId: invitee.userId,
    type: 'task_assignment',
    title: 'New task invitation',
    message: `You have been invited to the task "${task.title}".`,
    actionUrl: `/assignments/${assignment.id}`,
    data: { challenge_id: task.challenge_id, task_id: task.id, assignment_id: assignment.id },
  });
  return assignment;
}

/** Team formation: the leader has accepted, the other members are invited. */
export async function formTeam(db: Db, challengeId: number, leader: Invitee, members: Invitee[]) {
  const team = await createTeam(db, challengeId, [
    { volunteerId: leader.volunteerId, role: 'leader', status: 'accepted' },
    ...members.map((member) => ({ volunteerId: member.volunteerId, role: 'member', status: 'invited' })),
  ]);
  for (const member of members) {
    await notify(db, {
      userId: member.userId,
      type: 'team_invitation',
      title: 'Team invitation',
      message: `You have been invited to join ${team.name}.`,
      actionUrl: `/teams/${team.id}`,
      data: { challenge_id: challengeId, team_id: team.id },
    });
  }
  return team;
}

/** Complexity 1–2: a community discussion, open for ideas. */
export async function openForIdeas(db: Db, challengeId: number): Promise<void> {
  await db
    .updateTable('challenges')
    .set({
      status: 'active',
      ai_analysis_status: 'completed',
      score: 4,
      complexity_level: 2,
      challenge_type: 'community_discussion',
      updated_at: now(),
    })
    .where('id', '=', challengeId)
    .execute();
}

/** Idea scoring: `scored` with the AI's score and feedback, and the final score before any vote. */
export async function scoreIdea(db: Db, ideaId: number, aiScore: number): Promise<void> {
  await db
    .updateTable('ideas')
    .set({
      status: 'scored',
      ai_score: aiScore,
      ai_feedback: JSON.stringify({
        summary: 'Feasible and well aligned with the brief.',
        strengths: ['Concrete'],
        weaknesses: ['Costs not estimated'],
        suggestions: ['Estimate the costs'],
        scores: { feasibility: 80, innovation: 70, impact: 85, alignment: 85 },
      }),
      final_score: finalScore(aiScore, 0),
      updated_at: now(),
    })
    .where('id', '=', ideaId)
    .execute();
}
