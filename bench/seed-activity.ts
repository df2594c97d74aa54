import type { Random } from './fake.ts';
import { prose, timeline, title } from './fake.ts';
import type { Work } from './seed-challenges.ts';
import type { Tables } from './seed-people.ts';

type Row = Record<string, unknown>;

const NOTIFICATION_TYPES = [
  'task_assignment',
  'task_accepted',
  'task_declined',
  'solution_submitted',
  'task_completed',
  'challenge_analyzed',
  'team_invitation',
  'idea_scored',
  'new_idea',
] as const;

/**
 * Teams (team 1 has contributor 1 as its accepted leader) with members and messages, ideas with votes on community
 * challenges, and notifications: `size.heavyUserNotifications` of them belong to contributor 1 (user id
 * companies + 1), spread through the whole table as a busy user's would be, the rest to everyone else.
 */
export function seedActivity(
  random: Random,
  work: Work,
  size: {
    companies: number;
    contributors: number;
    challenges: number;
    tasks: number;
    teams: number;
    teamMessages: number;
    ideas: number;
    notifications: number;
    heavyUserNotifications: number;
  },
  tables: Tables,
): void {
  const teams: Row[] = [];
  const members: Row[] = [];
  const messages: Row[] = [];
  const userOf = (volunteerId: number) => size.companies + volunteerId;
  const teamCount = Math.min(size.teams, work.teamChallengeIds.length);
  const at = timeline(teamCount, 360);
  for (let id = 1; id <= teamCount; id++) {
    const createdAt = at(id);
    teams.push({
      id,
      challenge_id: work.teamChallengeIds[id - 1],
      name: `Team ${title(random)}`,
      status: 'active',
      created_at: createdAt,
      updated_at: createdAt,
    });
    const volunteerIds = new Set(id === 1 ? [1] : []);
    for (let count = random.int(2, 5); volunteerIds.size < count; ) volunteerIds.add(random.int(2, size.contributors));
    [...volunteerIds].forEach((volunteerId, index) => {
      const status = index < 2 || random.chance(0.8) ? 'accepted' : 'invited';
      members.push({
        id: members.length + 1,
        team_id: id,
        volunteer_id: volunteerId,
        role: index === 0 ? 'leader' : 'member',
        status,
        invited_at: createdAt,
        responded_at: status === 'accepted' ? createdAt : null,
      });
    });
  }
  const speakers = new Map<number, number[]>();
  for (const member of members) {
    const list = speakers.get(member.team_id as number) ?? [];
    list.push(userOf(member.volunteer_id as number));
    speakers.set(member.team_id as number, list);
  }
  const messageAt = timeline(size.teamMessages, 360);
  for (let id = 1; id <= size.teamMessages && teamCount > 0; id++) {
    // A tenth of the messages go to team 1, so the benchmark's team has a long history.
    const teamId = id % 10 === 0 ? 1 : random.int(1, teamCount);
    messages.push({
      id,
      team_id: teamId,
      user_id: random.pick(speakers.get(teamId)!),
      message: prose(random, random.int(20, 400)),
      created_at: messageAt(id),
    });
  }
  tables.set('teams', teams);
  tables.set('team_members', members);
  tables.set('team_messages', messages);
  seedIdeas(random, work, size, tables);
  tables.set('notifications', seedNotifications(random, size));
}

function seedIdeas(random: Random, work: Work, size: { contributors: number; ideas: number }, tables: Tables): void {
  const ideas: Row[] = [];
  const votes: Row[] = [];
  const at = timeline(size.ideas, 540);
  for (let id = 1; id <= size.ideas && work.communityChallengeIds.length > 0; id++) {
    const author = random.int(1, size.contributors);
    const status = random.weighted([
      ['scored', 8],
      ['pending_review', 1],
      ['rejected', 1],
    ] as const);
    const createdAt = at(id);
    let up = 0;
    let down = 0;
    if (status === 'scored') {
      const voters = new Set<number>();
      for (let n = random.int(0, 6); n > 0; n--) {
        const voter = random.int(1, size.contributors);
        if (voter === author || voters.has(voter)) continue;
        voters.add(voter);
        const vote = random.chance(0.75) ? 1 : -1;
        if (vote === 1) up++;
        else down++;
        votes.push({
          id: votes.length + 1,
          idea_id: id,
          volunteer_id: voter,
          vote,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
    }
    const aiScore = status === 'scored' ? random.int(30, 95) : null;
    const total = up - down;
    ideas.push({
      id,
      challenge_id: random.pick(work.communityChallengeIds),
      volunteer_id: author,
      title: title(random),
      description: prose(random, random.int(100, 2000)),
      status,
      ai_score: aiScore,
      ai_feedback:
        aiScore === null
          ? null
          : JSON.stringify({
              summary: prose(random, 120),
              strengths: [prose(random, 50)],
              weaknesses: [prose(random, 50)],
              suggestions: [prose(random, 50)],
              scores: { feasibility: aiScore, innovation: aiScore, impact: aiScore, alignment: aiScore },
            }),
      votes_up: up,
      votes_down: down,
      vote_total: total,
      final_score:
        aiScore === null
          ? null
          : Math.round((0.4 * aiScore + 0.6 * Math.min(100, Math.max(0, 50 + 5 * total))) * 100) / 100,
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
  tables.set('ideas', ideas);
  tables.set('idea_votes', votes);
}

/** A generator: the rows are made as they are written (the random draws come last, so the data stays the same). */
function* seedNotifications(
  random: Random,
  size: {
    companies: number;
    contributors: number;
    challenges: number;
    tasks: number;
    notifications: number;
    heavyUserNotifications: number;
  },
): Generator<Row> {
  const heavyUser = size.companies + 1;
  const everyNth = Math.max(1, Math.floor(size.notifications / Math.max(1, size.heavyUserNotifications)));
  let heavyCount = 0;
  const at = timeline(size.notifications, 365);
  for (let id = 1; id <= size.notifications; id++) {
    const heavy = id % everyNth === 0 && heavyCount < size.heavyUserNotifications;
    if (heavy) heavyCount++;
    let userId = heavy ? heavyUser : random.int(1, size.companies + size.contributors);
    if (!heavy && userId === heavyUser) userId++;
    const type = random.pick(NOTIFICATION_TYPES);
    const createdAt = at(id);
    const challengeId = random.int(1, size.challenges);
    yield {
      id,
      user_id: userId,
      type,
      title: title(random),
      message: prose(random, random.int(40, 200)),
      action_url: `/challenges/${challengeId}`,
      data: JSON.stringify({ challenge_id: challengeId, task_id: random.int(1, size.tasks) }),
      read_at: random.chance(0.7) ? createdAt : null,
      created_at: createdAt,
    };
  }
}
