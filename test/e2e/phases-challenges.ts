import assert from 'node:assert/strict';
import { assertErrorBody, idsOf, type Json, pageItems } from './http-client.ts';
import { COMPANY_PROFILE, type Journey, pipelineSettled, queuedPayloads, TEAM_BRIEF } from './journey.ts';

/** Phases about the work on offer: a challenge from submission to archive, and the tasks it is cut into. */

const RENAMED = 'Delivery tracking app, v2';

export async function submitChallenge({ world, company, alice, ids, logoUrl }: Journey): Promise<void> {
  const tooShort = { json: { title: 'Short', description: 'Too short to be a brief.' }, expect: 422 };
  assertErrorBody(await company.post('/api/challenges', tooShort), /at least 100 characters/, ['description']);
  assertErrorBody(await alice.post('/api/challenges', { json: TEAM_BRIEF, expect: 403 }), /company accounts/);

  const created = await company.post('/api/challenges', { json: TEAM_BRIEF, expect: 201 });
  ids.challenge = created.id;
  assert.deepEqual(
    [created.title, created.description, created.status, created.challenge_type],
    [TEAM_BRIEF.title, TEAM_BRIEF.description, 'submitted', null],
  );
  assert.deepEqual(created.company, { id: ids.company, company_name: COMPANY_PROFILE.company_name, logo_url: logoUrl });
  // No worker runs yet: the analysis waits in the queue.
  assert.deepEqual(await queuedPayloads(world.db, 'challenge.analyze'), [
    { status: 'pending', challengeId: created.id },
  ]);

  const renamed = await company.put(`/api/challenges/${created.id}`, { json: { title: RENAMED } });
  assert.deepEqual([renamed.title, renamed.status], [RENAMED, 'submitted']);
  const own = pageItems(await company.get('/api/challenges/my-challenges'), { total: 1, perPage: 15 });
  assert.deepEqual(idsOf(own), [created.id]);
  // Until the analysis opens it, the challenge is the company's alone.
  assertErrorBody(await alice.get(`/api/challenges/${created.id}`, 404), 'Challenge not found.');
  pageItems(await alice.get('/api/challenges'), { total: 0, perPage: 15 });
}

const skillNames = (profile: Json): string[] => profile.skills.map((skill: { name: string }) => skill.name);

/** The invitations a contributor has on the journey's challenge, best match first. */
export async function invitationsOf(contributor: Journey['alice'], challengeId: number): Promise<Json[]> {
  const page = await contributor.get('/api/assignments/pending');
  return page.data
    .filter((assignment: Json) => assignment.task.challenge_id === challengeId)
    .sort((a: Json, b: Json) => b.match_score - a.match_score);
}

/**
 * A worker process starts and runs what the requests so far queued: both CVs are analysed, the brief is analysed
 * and cut into tasks, matching invites Alice and Bob to the tasks their skills fit, and the two of them make a team.
 */
export async function runPipeline(journey: Journey): Promise<void> {
  const { world, company, alice, bob, ids } = journey;
  journey.worker = await world.startWorker();
  await pipelineSettled(journey);

  const aliceProfile = await alice.get('/api/volunteers/profile');
  const bobProfile = await bob.get('/api/volunteers/profile');
  for (const [profile, needed] of [
    [aliceProfile, ['Android development', 'iOS development']],
    [bobProfile, ['PostgreSQL', 'REST API design']],
  ] as const) {
    assert.deepEqual([profile.ai_analysis_status, profile.validation_status], ['completed', 'passed']);
    for (const skill of needed) assert.ok(skillNames(profile).includes(skill), `${skill}: ${skillNames(profile)}`);
  }

  const detail = await bob.get(`/api/challenges/${ids.challenge}`);
  assert.deepEqual([detail.title, detail.status, detail.challenge_type], [RENAMED, 'active', 'team_execution']);
  // The analysis is the company's internal notes: a contributor gets none of it.
  assert.deepEqual(detail.analyses, []);
  assert.deepEqual(
    (await company.get(`/api/challenges/${ids.challenge}`)).analyses.map(
      (analysis: { stage: string }) => analysis.stage,
    ),
    ['brief', 'complexity', 'decomposition'],
  );
  assert.ok(detail.tasks.length >= 2, `tasks: ${detail.tasks.length}`);
  const inWorkstreams = detail.workstreams.flatMap((workstream: Json) => idsOf(workstream.tasks));
  assert.deepEqual(inWorkstreams.sort(), idsOf(detail.tasks).sort(), 'every task belongs to a workstream');
  assert.deepEqual(detail.ideas, []);
  journey.tasks = detail.tasks;
  assert.deepEqual(await company.get('/api/notifications').then(types), ['challenge_analyzed']);

  // Matching invited each of them to the task of their trade, scored as a fit (60 or more).
  const aliceInvitations = await invitationsOf(alice, ids.challenge);
  const bobInvitations = await invitationsOf(bob, ids.challenge);
  for (const invitation of [...aliceInvitations, ...bobInvitations]) {
    assert.equal(invitation.status, 'invited');
    assert.ok(invitation.match_score >= 60, `match score ${invitation.match_score}`);
  }
  const [aliceBest] = aliceInvitations;
  const [bobBest] = bobInvitations;
  assert.ok(taskOf(journey, aliceBest).required_skills.includes('Android development'), 'Alice: the mobile app');
  assert.ok(taskOf(journey, bobBest).required_skills.includes('PostgreSQL'), 'Bob: the database');
  ids.assignment = aliceBest.id;
  ids.bobAssignment = bobBest.id;

  // Two contributors on one challenge: a team, and each invited to it.
  const teamInvitations = async (contributor: Journey['alice']) =>
    (await contributor.get('/api/notifications')).data.filter((news: Json) => news.type === 'team_invitation');
  const [aliceTeam] = await teamInvitations(alice);
  const [bobTeam] = await teamInvitations(bob);
  assert.deepEqual(aliceTeam.data, { challenge_id: ids.challenge, team_id: aliceTeam.data.team_id });
  assert.deepEqual(bobTeam.data, aliceTeam.data);
  ids.team = aliceTeam.data.team_id;
}

/** The notification types of a page, newest first. */
export function types(page: Json): string[] {
  return page.data.map((notification: { type: string }) => notification.type);
}

/** The task of the journey's challenge that an assignment is for. */
export function taskOf(journey: Journey, assignment: Json): Json {
  const task = journey.tasks.find((candidate) => candidate.id === assignment.task.id);
  assert.ok(task, `assignment ${assignment.id} is for a task of the challenge`);
  return task;
}

export async function browseTasks(journey: Journey): Promise<void> {
  const { company, alice, bob, ids, tasks } = journey;
  pageItems(await bob.get('/api/tasks'), { total: tasks.length, perPage: 20 });

  // Open to Alice: the tasks that need a skill of hers and to which she is not invited yet.
  const aliceSkills = new Set(skillNames(await alice.get('/api/volunteers/profile')));
  const invitations = await invitationsOf(alice, ids.challenge);
  const invitedTo = new Set(invitations.map((invitation) => invitation.task.id));
  const expected = tasks
    .filter((task) => !invitedTo.has(task.id) && task.required_skills.some((skill: string) => aliceSkills.has(skill)))
    .map((task) => task.id);
  const available = pageItems(await alice.get('/api/tasks/available'), { total: expected.length, perPage: 20 });
  assert.deepEqual(idsOf(available).sort(), expected.sort());
  assertErrorBody(await company.get('/api/tasks/available', 403), 'Only contributor accounts can do this.');

  const mine = pageItems(await alice.get('/api/tasks/my-tasks'), { total: invitations.length, perPage: 20 });
  assert.deepEqual(idsOf(mine).sort(), [...invitedTo].sort());
  for (const task of mine) assert.equal(task.my_assignment.status, 'invited');

  const [invitation] = invitations;
  const expectedTask = taskOf(journey, invitation);
  const task = await alice.get(`/api/tasks/${expectedTask.id}`);
  assert.deepEqual(task.required_skills, expectedTask.required_skills);
  assert.equal(task.status, 'matching');
  assert.deepEqual(task.challenge, { id: ids.challenge, title: RENAMED, status: 'active' });
  assert.equal(task.workstream.id, task.workstream_id);
  assert.deepEqual(idsOf(task.assignments), [ids.assignment], 'a contributor sees their own');
  const bobsView = await bob.get(`/api/tasks/${expectedTask.id}`);
  for (const assignment of bobsView.assignments) assert.equal(assignment.volunteer_id, ids.bobVolunteer);
  const ownersView = await company.get(`/api/tasks/${expectedTask.id}`);
  assert.ok(idsOf(ownersView.assignments).includes(ids.assignment), 'the owner sees all');
  assert.ok(ownersView.assignments.length >= bobsView.assignments.length + 1);
  assertErrorBody(await alice.get('/api/tasks/999999', 404), /not found/);
  assertErrorBody(await alice.get('/api/tasks/first', 404), /not found/); // an id that is not one names nothing
}

export async function refuseEditsAndArchive({ company, alice, bob, ids }: Journey): Promise<void> {
  const path = `/api/challenges/${ids.challenge}`;
  assertErrorBody(await company.put(path, { json: { title: 'Too late' }, expect: 422 }), /can no longer be edited/);
  assertErrorBody(await bob.post(`${path}/archive`, { expect: 403 }), 'Only company accounts can do this.');
  const archived = await company.post(`${path}/archive`);
  assert.equal(archived.status, 'archived');
  assert.deepEqual(await company.post(`${path}/archive`), archived, 'archiving twice changes nothing');

  await alice.get(path, 404); // an archived challenge is its owner's only
  pageItems(await alice.get('/api/tasks/available'), { total: 0, perPage: 20 });
  const profile = await company.get('/api/companies/profile');
  assert.equal(profile.challenges_count, 2);
  const statuses = profile.challenges.map((challenge: { status: string }) => challenge.status);
  assert.deepEqual(statuses, ['active', 'archived'], 'newest first');
}
