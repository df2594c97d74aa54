import assert from 'node:assert/strict';
import { fileForm, pdfFile } from '../helpers/file-fixtures.ts';
import { assertErrorBody, idsOf, pageItems } from './http-client.ts';
import { ACCOUNTS, COMMUNITY_BRIEF, contributorOf, IDEA, type Journey, queuedPayloads, SOLUTION } from './journey.ts';
import * as pipeline from './pipeline-stand-in.ts';

/** Phases about people working together: an assignment, its notifications, a team's messages, ideas and votes. */

export async function declineInvitation({ world, company, bob, ids, tasks }: Journey): Promise<void> {
  const path = `/api/assignments/${ids.bobAssignment}`;
  const invitations = pageItems(await bob.get('/api/assignments/pending'), { total: 1, perPage: 20 });
  assert.deepEqual(idsOf(invitations), [ids.bobAssignment]);
  assertErrorBody(await company.post(`${path}/reject`, { expect: 403 }), 'Only contributor accounts can do this.');
  const reason = { json: { reason: 'No time this month.' } };
  const declined = await bob.post(`${path}/reject`, reason);
  assert.deepEqual([declined.status, declined.decline_reason], ['declined', 'No time this month.']);
  assertErrorBody(await bob.post(`${path}/reject`, { ...reason, expect: 422 }), /current status/);
  assert.deepEqual(await queuedPayloads(world.db, 'task.match'), [{ status: 'pending', taskId: tasks[2].id }]);
  pageItems(await bob.get('/api/assignments/pending'), { total: 0, perPage: 20 });
  pageItems(await bob.get('/api/tasks/my-tasks'), { total: 0, perPage: 20 }); // declined ones are not his tasks
  pageItems(await bob.get('/api/tasks/available'), { total: 0, perPage: 20 }); // nor offered to him again
}

export async function workThroughAssignment({ company, alice, bob, ids, tasks }: Journey): Promise<void> {
  const path = `/api/assignments/${ids.assignment}`;
  const [listed] = pageItems(await alice.get('/api/assignments'), { total: 1, perPage: 20 });
  assert.deepEqual(listed.task, {
    id: tasks[0].id,
    title: tasks[0].title,
    challenge_id: ids.challenge,
    estimated_hours: 12,
  });
  assert.deepEqual(listed.volunteer, { id: ids.aliceVolunteer, name: ACCOUNTS.alice.name, reputation_score: 30 });
  const invitations = pageItems(await alice.get('/api/assignments/pending'), { total: 1, perPage: 20 });
  assert.deepEqual(idsOf(invitations), [ids.assignment]);
  pageItems(await company.get('/api/assignments/pending'), { total: 0, perPage: 20 });

  assertErrorBody(await bob.post(`${path}/accept`, { expect: 403 }), /./);
  const accepted = await alice.post(`${path}/accept`);
  assert.deepEqual([accepted.status, typeof accepted.responded_at], ['accepted', 'string']);
  const twice = await alice.post(`${path}/accept`, { expect: 422 });
  assertErrorBody(twice, "This action is not valid for the assignment's current status.");
  assert.equal((await alice.get(`/api/tasks/${tasks[0].id}`)).status, 'assigned');

  const started = await alice.post(`${path}/start`);
  assert.deepEqual([started.status, typeof started.started_at], ['in_progress', 'string']);
  assert.equal((await company.get(`/api/challenges/${ids.challenge}`)).status, 'in_progress');

  const report = pdfFile('Onboarding app: test report');
  const submitted = await alice.expectResponse('POST', `${path}/submit-solution`, {
    form: fileForm('attachments[]', report, 'test-report.pdf', SOLUTION),
    expect: 303,
  });
  assert.equal(submitted.headers.get('location'), path);
  assert.equal(submitted.body, '', 'a redirect, not JSON');
  const refetched = await alice.get(path);
  assert.equal(refetched.status, 'submitted');
  const { id, created_at, attachments, ...submission } = refetched.latest_submission;
  assert.deepEqual(submission, {
    assignment_id: ids.assignment,
    description: SOLUTION.description,
    deliverable_url: SOLUTION.deliverable_url,
    hours_worked: 6.5,
    status: 'submitted',
  });
  assert.deepEqual(
    attachments.map(({ id, ...attachment }: { id: number }) => attachment),
    [{ file_name: 'test-report.pdf', size: report.length, content_type: 'application/pdf' }],
  );
  const toReview = pageItems(await company.get('/api/assignments/pending'), { total: 1, perPage: 20 });
  assert.deepEqual(idsOf(toReview), [ids.assignment]);

  const completed = await company.post(`${path}/complete`);
  assert.deepEqual([completed.status, completed.actual_hours], ['completed', 6.5]);
  assert.equal(completed.latest_submission.status, 'approved');
  assert.equal((await alice.get(`/api/tasks/${tasks[0].id}`)).status, 'completed');
  const profile = await alice.get('/api/volunteers/profile');
  assert.equal(profile.reputation_score, 55, '25 points for a task of a challenge scored 6');
  assert.deepEqual(profile.statistics, {
    tasks_completed: 1,
    hours_contributed: 6.5,
    active_assignment_id: null,
    ideas_submitted: 0,
  });
}

const NOTIFICATIONS_PAGE = { perPage: 20, extraKeys: ['unread_count'] };

export async function handleNotifications({ company, alice, ids, tasks }: Journey): Promise<void> {
  const companyPage = pageItems(await company.get('/api/notifications'), { ...NOTIFICATIONS_PAGE, total: 4 });
  const companyTypes = companyPage.map((notification) => notification.type);
  assert.deepEqual(
    companyTypes,
    ['task_completed', 'solution_submitted', 'task_accepted', 'task_declined'],
    'newest first',
  );

  const page = await alice.get('/api/notifications');
  const [completed, invitation] = pageItems(page, { ...NOTIFICATIONS_PAGE, total: 2 });
  assert.equal(page.unread_count, 2);
  assert.deepEqual([completed.type, invitation.type], ['task_completed', 'task_assignment']);
  assert.deepEqual(completed.data, {
    challenge_id: ids.challenge,
    task_id: tasks[0].id,
    assignment_id: ids.assignment,
  });
  assert.deepEqual([completed.is_read, completed.read_at], [false, null]);
  assert.deepEqual(await alice.get('/api/notifications/unread-count'), { unread_count: 2 });

  const markRead = `/api/notifications/${invitation.id}/mark-read`;
  assertErrorBody(await company.post(markRead, { expect: 403 }), /./);
  const read = await alice.post(markRead);
  assert.deepEqual([read.id, read.is_read, typeof read.read_at], [invitation.id, true, 'string']);
  assert.deepEqual(await alice.get('/api/notifications/unread-count'), { unread_count: 1 });
  assert.deepEqual(await alice.post('/api/notifications/mark-all-read'), { count: 1 });
  assert.deepEqual(await alice.get('/api/notifications/unread-count'), { unread_count: 0 });

  assert.deepEqual(await alice.delete(`/api/notifications/${invitation.id}`), { message: 'Notification deleted.' });
  assertErrorBody(await alice.delete(`/api/notifications/${invitation.id}`, 404), /not found/);
  const remaining = pageItems(await alice.get('/api/notifications'), { ...NOTIFICATIONS_PAGE, total: 1 });
  assert.deepEqual(idsOf(remaining), [completed.id]);
}

export async function talkInTeam(journey: Journey): Promise<void> {
  const { world, company, alice, bob, ids } = journey;
  const team = await pipeline.formTeam(world.db, ids.challenge, contributorOf(journey, 'alice'), [
    contributorOf(journey, 'bob'),
  ]);
  const messages = `/api/teams/${team.id}/messages`;
  pageItems(await alice.get(messages), { total: 0, perPage: 20 });

  const hello = await bob.post(messages, { json: { message: '  Happy to shoot the videos.  ' }, expect: 201 });
  const { id, created_at, ...sent } = hello;
  assert.deepEqual(sent, {
    team_id: team.id,
    user: { id: ids.bobUser, name: ACCOUNTS.bob.name },
    message: 'Happy to shoot the videos.',
  });
  const reply = await alice.post(messages, { json: { message: 'Great, the app plan follows.' }, expect: 201 });
  const listed = pageItems(await bob.get(messages), { total: 2, perPage: 20 });
  assert.deepEqual(idsOf(listed), [reply.id, hello.id], 'newest first');

  const tooLong = { json: { message: 'x'.repeat(2001) }, expect: 422 };
  assertErrorBody(await alice.post(messages, tooLong), /2000 characters/, ['message']);
  assertErrorBody(await company.get(messages, 403), /Only members/);
  assertErrorBody(await alice.get('/api/teams/999999/messages', 404), 'Team not found.');
}

export async function proposeAndVoteOnIdea({ world, company, alice, bob, ids }: Journey): Promise<void> {
  const community = await company.post('/api/challenges', { json: COMMUNITY_BRIEF, expect: 201 });
  await pipeline.openForIdeas(world.db, community.id);
  const ideas = `/api/challenges/${community.id}/ideas`;

  const idea = await alice.post(ideas, { json: IDEA, expect: 201 });
  assert.deepEqual(
    [idea.status, idea.ai_score, idea.final_score, idea.vote_total, idea.my_vote],
    ['pending_review', null, null, 0, 0],
  );
  assert.deepEqual(idea.volunteer, { id: ids.aliceVolunteer, name: ACCOUNTS.alice.name });
  assert.deepEqual(await queuedPayloads(world.db, 'idea.score'), [{ status: 'pending', ideaId: idea.id }]);
  const onTeamChallenge = await alice.post(`/api/challenges/${ids.challenge}/ideas`, { json: IDEA, expect: 422 });
  assertErrorBody(onTeamChallenge, 'This challenge does not accept ideas.');
  assertErrorBody(await company.post(ideas, { json: IDEA, expect: 403 }), 'Only contributor accounts can do this.');
  const vote = `/api/ideas/${idea.id}/vote`;
  assertErrorBody(await bob.post(vote, { json: { vote: 1 }, expect: 422 }), /scored/);
  await bob.get(`/api/ideas/${idea.id}`, 404); // not scored yet: only its author and the company see it

  await pipeline.scoreIdea(world.db, idea.id, 80);
  const voted = await bob.post(vote, { json: { vote: 1 } });
  assert.deepEqual(
    [voted.status, voted.votes_up, voted.votes_down, voted.vote_total, voted.my_vote, voted.final_score],
    ['scored', 1, 0, 1, 1, 65],
    'final score 0.4 × 80 + 0.6 × (50 + 5 × 1)',
  );
  assertErrorBody(await alice.post(vote, { json: { vote: 1 }, expect: 422 }), 'You cannot vote on your own idea.');
  assertErrorBody(await bob.post(vote, { json: { vote: 2 }, expect: 422 }), /./, ['vote']);

  const [mine] = pageItems(await alice.get('/api/ideas/my-ideas'), { total: 1, perPage: 20 });
  assert.deepEqual([mine.id, mine.final_score, mine.my_vote], [idea.id, 65, 0]);
  assert.deepEqual(await bob.get(`/api/ideas/${idea.id}`), voted);
  assert.deepEqual(pageItems(await bob.get(ideas), { total: 1, perPage: 20 }), [voted]);
  assert.deepEqual((await bob.get(`/api/challenges/${community.id}`)).ideas, [voted]);
  assert.equal((await alice.get('/api/volunteers/profile')).statistics.ideas_submitted, 1);
}
