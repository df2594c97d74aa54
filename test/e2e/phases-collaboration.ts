import assert from 'node:assert/strict';
import { scoreBandMultiplier } from '../../src/modules/reputation/reputation.ts';
import { fileForm, pdfFile } from '../helpers/file-fixtures.ts';
import { assertErrorBody, idsOf, type Json, pageItems } from './http-client.ts';
import { ACCOUNTS, COMMUNITY_BRIEF, IDEA, type Journey, pipelineSettled, queuedPayloads, SOLUTION } from './journey.ts';
import { invitationsOf, taskOf, types } from './phases-challenges.ts';

/** Phases about people working together: an assignment, its notifications, a team's messages, ideas and votes. */

export async function declineInvitation(journey: Journey): Promise<void> {
  const { world, company, bob, ids } = journey;
  const path = `/api/assignments/${ids.bobAssignment}`;
  const invitations = await invitationsOf(bob, ids.challenge);
  const pending = pageItems(await bob.get('/api/assignments/pending'), { total: invitations.length, perPage: 20 });
  assert.ok(idsOf(pending).includes(ids.bobAssignment));
  const [bobsInvitation] = invitations.filter((invitation) => invitation.id === ids.bobAssignment);
  const task = taskOf(journey, bobsInvitation);
  assertErrorBody(await company.post(`${path}/reject`, { expect: 403 }), 'Only contributor accounts can do this.');
  const rematches = async () =>
    (await queuedPayloads(world.db, 'task.match')).filter((job) => (job as Json).taskId === task.id).length;
  const rematchesBefore = await rematches();
  const reason = { json: { reason: 'No time this month.' } };
  const declined = await bob.post(`${path}/reject`, reason);
  assert.deepEqual([declined.status, declined.decline_reason], ['declined', 'No time this month.']);
  assertErrorBody(await bob.post(`${path}/reject`, { ...reason, expect: 422 }), /current status/);
  // The task looks for someone else: matching runs again, and does not invite Bob a second time.
  assert.equal(await rematches(), rematchesBefore + 1, 'the decline queued the task for matching again');
  await pipelineSettled(journey);
  const left = pageItems(await bob.get('/api/assignments/pending'), { total: invitations.length - 1, perPage: 20 });
  assert.ok(!idsOf(left).includes(ids.bobAssignment));
  const bobsTasks = await bob.get('/api/tasks/my-tasks');
  assert.ok(!idsOf(bobsTasks.data).includes(task.id), 'declined ones are not his tasks');
  const offered = await bob.get('/api/tasks/available');
  assert.ok(!idsOf(offered.data).includes(task.id), 'nor offered to him again');
  assert.equal((await company.get('/api/notifications')).data[0].type, 'task_declined');
}

export async function workThroughAssignment(journey: Journey): Promise<void> {
  const { company, alice, bob, ids } = journey;
  const path = `/api/assignments/${ids.assignment}`;
  const invitations = await invitationsOf(alice, ids.challenge);
  const task = taskOf(
    journey,
    invitations.find((invitation) => invitation.id === ids.assignment),
  );
  const listed = pageItems(await alice.get('/api/assignments'), { total: invitations.length, perPage: 20 });
  const mine = listed.find((assignment) => assignment.id === ids.assignment);
  assert.deepEqual(mine.task, {
    id: task.id,
    title: task.title,
    challenge_id: ids.challenge,
    estimated_hours: task.estimated_hours,
  });
  assert.deepEqual(mine.volunteer, { id: ids.aliceVolunteer, name: ACCOUNTS.alice.name, reputation_score: 30 });
  pageItems(await company.get('/api/assignments/pending'), { total: 0, perPage: 20 });

  assertErrorBody(await bob.post(`${path}/accept`, { expect: 403 }), /./);
  const accepted = await alice.post(`${path}/accept`);
  assert.deepEqual([accepted.status, typeof accepted.responded_at], ['accepted', 'string']);
  const twice = await alice.post(`${path}/accept`, { expect: 422 });
  assertErrorBody(twice, "This action is not valid for the assignment's current status.");
  assert.equal((await alice.get(`/api/tasks/${task.id}`)).status, 'assigned');

  const started = await alice.post(`${path}/start`);
  assert.deepEqual([started.status, typeof started.started_at], ['in_progress', 'string']);
  const challenge = await company.get(`/api/challenges/${ids.challenge}`);
  assert.equal(challenge.status, 'in_progress');

  const report = pdfFile('Delivery app: test report');
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
    review_note: null,
    reviewed_at: null,
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
  assert.equal((await alice.get(`/api/tasks/${task.id}`)).status, 'completed');
  const profile = await alice.get('/api/volunteers/profile');
  const taskPoints = Math.round(25 * scoreBandMultiplier(challenge.score));
  assert.equal(
    profile.reputation_score,
    30 + taskPoints,
    `25 points × the band of the challenge's score ${challenge.score}`,
  );
  assert.deepEqual(profile.statistics, {
    tasks_completed: 1,
    hours_contributed: 6.5,
    active_assignment_id: null,
    ideas_submitted: 0,
  });
}

const NOTIFICATIONS_PAGE = { perPage: 20, extraKeys: ['unread_count'] };

export async function handleNotifications({ company, alice, ids }: Journey): Promise<void> {
  const companyPage = pageItems(await company.get('/api/notifications'), { ...NOTIFICATIONS_PAGE, total: 5 });
  assert.deepEqual(
    companyPage.map((notification) => notification.type),
    ['task_completed', 'solution_submitted', 'task_accepted', 'task_declined', 'challenge_analyzed'],
    'newest first',
  );

  // Alice's: what the pipeline told her (a task invitation each, the team), then her completed task.
  const invitations = await alice.get('/api/assignments').then((page: Json) => page.data.length);
  const total = invitations + 2;
  const page = await alice.get('/api/notifications');
  const [completed, ...fromPipeline] = pageItems(page, { ...NOTIFICATIONS_PAGE, total });
  assert.equal(page.unread_count, total);
  assert.equal(completed.type, 'task_completed');
  assert.deepEqual(fromPipeline.map((notification) => notification.type).sort(), [
    ...Array(invitations).fill('task_assignment'),
    'team_invitation',
  ]);
  const invitation = fromPipeline.find((notification) => notification.data.assignment_id === ids.assignment);
  assert.equal(invitation.type, 'task_assignment');
  assert.deepEqual(completed.data, {
    challenge_id: ids.challenge,
    task_id: invitation.data.task_id,
    assignment_id: ids.assignment,
  });
  assert.deepEqual([completed.is_read, completed.read_at], [false, null]);
  assert.deepEqual(await alice.get('/api/notifications/unread-count'), { unread_count: total });

  const markRead = `/api/notifications/${invitation.id}/mark-read`;
  assertErrorBody(await company.post(markRead, { expect: 403 }), /./);
  const read = await alice.post(markRead);
  assert.deepEqual([read.id, read.is_read, typeof read.read_at], [invitation.id, true, 'string']);
  assert.deepEqual(await alice.get('/api/notifications/unread-count'), { unread_count: total - 1 });
  assert.deepEqual(await alice.post('/api/notifications/mark-all-read'), { count: total - 1 });
  assert.deepEqual(await alice.get('/api/notifications/unread-count'), { unread_count: 0 });

  assert.deepEqual(await alice.delete(`/api/notifications/${invitation.id}`), { message: 'Notification deleted.' });
  assertErrorBody(await alice.delete(`/api/notifications/${invitation.id}`, 404), /not found/);
  const remaining = pageItems(await alice.get('/api/notifications'), { ...NOTIFICATIONS_PAGE, total: total - 1 });
  assert.ok(!idsOf(remaining).includes(invitation.id));
  assert.equal(remaining[0].id, completed.id);
}

export async function talkInTeam({ company, alice, bob, ids }: Journey): Promise<void> {
  const messages = `/api/teams/${ids.team}/messages`;
  pageItems(await alice.get(messages), { total: 0, perPage: 20 });

  // Invited members may already talk with the team they are deciding on.
  const hello = await bob.post(messages, { json: { message: '  Happy to build the database.  ' }, expect: 201 });
  const { id, created_at, ...sent } = hello;
  assert.deepEqual(sent, {
    team_id: ids.team,
    user: { id: ids.bobUser, name: ACCOUNTS.bob.name },
    message: 'Happy to build the database.',
  });
  const reply = await alice.post(messages, { json: { message: 'Great, the app plan follows.' }, expect: 201 });
  const listed = pageItems(await bob.get(messages), { total: 2, perPage: 20 });
  assert.deepEqual(idsOf(listed), [reply.id, hello.id], 'newest first');

  const tooLong = { json: { message: 'x'.repeat(2001) }, expect: 422 };
  assertErrorBody(await alice.post(messages, tooLong), /2000 characters/, ['message']);
  assertErrorBody(await company.get(messages, 403), /Only members/);
  assertErrorBody(await alice.get('/api/teams/999999/messages', 404), 'Team not found.');
}

/**
 * A community question: the running worker analyses it into a discussion. Then the worker stops (SIGTERM: it
 * finishes its running jobs and exits), so that an idea waits unscored in the queue, until a new worker starts and
 * scores it.
 */
export async function proposeAndVoteOnIdea(journey: Journey): Promise<void> {
  const { world, company, alice, bob, ids } = journey;
  const community = await company.post('/api/challenges', { json: COMMUNITY_BRIEF, expect: 201 });
  await pipelineSettled(journey);
  const discussion = await bob.get(`/api/challenges/${community.id}`);
  assert.deepEqual(
    [discussion.status, discussion.challenge_type, discussion.tasks],
    ['active', 'community_discussion', []],
  );
  assert.equal(await journey.worker?.stop(), 0, 'the worker stops cleanly');
  journey.worker = undefined;
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

  journey.worker = await world.startWorker();
  await pipelineSettled(journey);
  const scored = await bob.get(`/api/ideas/${idea.id}`);
  assert.equal(scored.status, 'scored');
  assert.ok(scored.ai_score > 0 && scored.ai_score <= 100, `AI score ${scored.ai_score}`);
  assert.equal(typeof scored.ai_feedback.summary, 'string');
  const voted = await bob.post(vote, { json: { vote: 1 } });
  // 40 % the AI's score, 60 % the community's (50, and 5 points for the one up-vote), to 2 decimals.
  const expected = Math.round(40 * scored.ai_score + 60 * 55) / 100;
  assert.deepEqual(
    [voted.status, voted.votes_up, voted.votes_down, voted.vote_total, voted.my_vote, voted.final_score],
    ['scored', 1, 0, 1, 1, expected],
  );
  assertErrorBody(await alice.post(vote, { json: { vote: 1 }, expect: 422 }), 'You cannot vote on your own idea.');
  assertErrorBody(await bob.post(vote, { json: { vote: 2 }, expect: 422 }), /./, ['vote']);

  const [mine] = pageItems(await alice.get('/api/ideas/my-ideas'), { total: 1, perPage: 20 });
  assert.deepEqual([mine.id, mine.final_score, mine.my_vote], [idea.id, expected, 0]);
  assert.deepEqual(await bob.get(`/api/ideas/${idea.id}`), voted);
  assert.deepEqual(pageItems(await bob.get(ideas), { total: 1, perPage: 20 }), [voted]);
  assert.deepEqual((await bob.get(`/api/challenges/${community.id}`)).ideas, [voted]);
  assert.equal((await alice.get('/api/volunteers/profile')).statistics.ideas_submitted, 1);
  assert.ok(types(await alice.get('/api/notifications')).includes('idea_scored'));
}
