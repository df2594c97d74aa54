import assert from 'node:assert/strict';
import { assertErrorBody, idsOf, pageItems } from './http-client.ts';
import { COMPANY_PROFILE, contributorOf, type Journey, queuedPayloads, TEAM_BRIEF } from './journey.ts';
import * as pipeline from './pipeline-stand-in.ts';

/** Phases about the work on offer: a challenge from submission to archive, and the tasks it is cut into. */

const RENAMED = 'Faster onboarding, v2';

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

export async function decomposeAndInvite(journey: Journey): Promise<void> {
  const { world, alice, bob, ids } = journey;
  const { tasks } = await pipeline.decomposeChallenge(world.db, ids.challenge, [
    ['TypeScript', 'React Native'],
    ['TypeScript'],
    ['Video editing'],
  ]);
  journey.tasks = tasks;
  await pipeline.recordCvSkills(world.db, ids.aliceVolunteer, ['TypeScript', 'React Native']);
  await pipeline.recordCvSkills(world.db, ids.bobVolunteer, ['Video editing']);
  ids.assignment = (await pipeline.invite(world.db, tasks[0], contributorOf(journey, 'alice'))).id;
  ids.bobAssignment = (await pipeline.invite(world.db, tasks[2], contributorOf(journey, 'bob'))).id;

  const listed = pageItems(await bob.get('/api/challenges'), { total: 1, perPage: 15 });
  assert.deepEqual([listed[0].id, listed[0].status], [ids.challenge, 'active']);
  const detail = await bob.get(`/api/challenges/${ids.challenge}`);
  assert.deepEqual([detail.analyses.length, detail.analyses[0].stage], [1, 'brief']);
  assert.equal(detail.workstreams.length, 1);
  assert.deepEqual(idsOf(detail.workstreams[0].tasks).sort(), idsOf(tasks).sort());
  assert.deepEqual(idsOf(detail.tasks).sort(), idsOf(tasks).sort());
  assert.deepEqual(detail.ideas, []);
  const { skills } = await alice.get('/api/volunteers/profile');
  assert.deepEqual(skills.map((skill: { name: string }) => skill.name).sort(), ['React Native', 'TypeScript']);
}

export async function browseTasks({ company, alice, bob, ids, tasks }: Journey): Promise<void> {
  pageItems(await bob.get('/api/tasks'), { total: 3, perPage: 20 });
  // Task 0 is Alice's already (invited), task 2 needs a skill she lacks: only task 1 is open to her.
  const available = pageItems(await alice.get('/api/tasks/available'), { total: 1, perPage: 20 });
  assert.deepEqual(idsOf(available), [tasks[1].id]);
  assertErrorBody(await company.get('/api/tasks/available', 403), 'Only contributor accounts can do this.');

  const mine = pageItems(await alice.get('/api/tasks/my-tasks'), { total: 1, perPage: 20 });
  assert.deepEqual([mine[0].id, mine[0].my_assignment.id], [tasks[0].id, ids.assignment]);
  assert.equal(mine[0].my_assignment.status, 'invited');

  const task = await alice.get(`/api/tasks/${tasks[0].id}`);
  assert.deepEqual(task.required_skills, ['TypeScript', 'React Native']);
  assert.equal(task.status, 'matching');
  assert.deepEqual(task.challenge, { id: ids.challenge, title: RENAMED, status: 'active' });
  assert.equal(task.workstream.id, task.workstream_id);
  assert.deepEqual(idsOf(task.assignments), [ids.assignment]);
  assert.deepEqual((await bob.get(`/api/tasks/${tasks[0].id}`)).assignments, [], 'a contributor sees their own');
  assert.equal((await company.get(`/api/tasks/${tasks[0].id}`)).assignments.length, 1, 'the owner sees all');
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
