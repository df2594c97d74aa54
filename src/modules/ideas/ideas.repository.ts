import type { ExpressionBuilder } from 'kysely';
import type { Dialect } from '../../db/column-types.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { PageRequest } from '../../http/pagination.ts';
import { fetchPage } from '../../shared/paged-query.ts';
import type { IdeaViewRow } from './ideas.mapper.ts';
import type { IDEA_SORTS } from './ideas.schemas.ts';

export type IdeaSort = (typeof IDEA_SORTS)[number];

type IdeaPage = { rows: IdeaViewRow[]; total: number };

/** Ideas narrowed down by conditions only, nothing selected yet; `withAuthorAndVote` makes them response rows. */
const ideasWhere = (db: Db) => db.selectFrom('ideas');
type IdeaRows = ReturnType<typeof ideasWhere>;

/**
 * Ideas as every response shows them: with the author's name and the viewer's own vote, in one query. The viewer's
 * vote is joined through their volunteer id (a subquery on the unique `volunteers.user_id`), so companies and
 * contributors without a profile simply have none; nor has a signed-out visitor (`viewerUserId` null).
 */
function withAuthorAndVote(db: Db, ideas: IdeaRows, viewerUserId: number | null) {
  return ideas
    .innerJoin('volunteers as author', 'author.id', 'ideas.volunteer_id')
    .innerJoin('users as author_user', 'author_user.id', 'author.user_id')
    .leftJoin('idea_votes as mine', (join) =>
      join.onRef('mine.idea_id', '=', 'ideas.id').on(
        'mine.volunteer_id',
        '=',
        db
          .selectFrom('volunteers')
          .select('id')
          .where((eb) => (viewerUserId === null ? eb.lit(false) : eb('user_id', '=', viewerUserId))),
      ),
    )
    .selectAll('ideas')
    .select(['author_user.name as author_name', 'mine.vote as my_vote']);
}

type IdeaViews = ReturnType<typeof withAuthorAndVote>;

/** Best first for every sort; ideas without a score yet (the caller's own) go last; newest first among equals. */
function sorted(query: IdeaViews, sort: IdeaSort): IdeaViews {
  const ordered =
    sort === 'final_score'
      ? query.orderBy('ideas.final_score', (order) => order.desc().nullsLast())
      : sort === 'ai_score'
        ? query.orderBy('ideas.ai_score', (order) => order.desc().nullsLast())
        : sort === 'votes'
          ? query.orderBy('ideas.vote_total', 'desc')
          : query.orderBy('ideas.created_at', 'desc');
  return ordered.orderBy('ideas.id', 'desc');
}

export function findScoredIdeas(db: Db, challengeId: number, viewerUserId: number | null, limit: number) {
  const ideas = ideasWhere(db).where('ideas.challenge_id', '=', challengeId).where('ideas.status', '=', 'scored');
  return sorted(withAuthorAndVote(db, ideas, viewerUserId), 'final_score')
    .limit(limit)
    .execute() as Promise<IdeaViewRow[]>;
}

/** The winning ideas of a challenge, first place first. */
export function findWinningIdeas(db: Db, challengeId: number, viewerUserId: number | null) {
  const ideas = ideasWhere(db).where('ideas.challenge_id', '=', challengeId).where('ideas.winner_rank', 'is not', null);
  return withAuthorAndVote(db, ideas, viewerUserId).orderBy('ideas.winner_rank').execute() as Promise<IdeaViewRow[]>;
}

export function findIdeaView(db: Db, ideaId: number, viewerUserId: number) {
  const idea = ideasWhere(db).where('ideas.id', '=', ideaId);
  return withAuthorAndVote(db, idea, viewerUserId).executeTakeFirst() as Promise<IdeaViewRow | undefined>;
}

/** Scored ideas, plus the viewer's own in any status. */
function listedFor(viewerVolunteerId: number | null) {
  return (eb: ExpressionBuilder<Database, 'ideas'>) =>
    viewerVolunteerId === null
      ? eb('ideas.status', '=', 'scored')
      : eb.or([eb('ideas.status', '=', 'scored'), eb('ideas.volunteer_id', '=', viewerVolunteerId)]);
}

export function listChallengeIdeas(
  db: Db,
  options: { challengeId: number; viewerUserId: number; viewerVolunteerId: number | null; sort: IdeaSort },
  page: PageRequest,
): Promise<IdeaPage> {
  const ideas = ideasWhere(db)
    .where('ideas.challenge_id', '=', options.challengeId)
    .where(listedFor(options.viewerVolunteerId));
  return fetchPage(ideas, page, (filtered) =>
    sorted(withAuthorAndVote(db, filtered, options.viewerUserId), options.sort),
  ) as Promise<IdeaPage>;
}

export function listVolunteerIdeas(db: Db, volunteerId: number, viewerUserId: number, page: PageRequest) {
  const ideas = ideasWhere(db).where('ideas.volunteer_id', '=', volunteerId);
  return fetchPage(ideas, page, (filtered) =>
    sorted(withAuthorAndVote(db, filtered, viewerUserId), 'created_at'),
  ) as Promise<IdeaPage>;
}

/** The challenge columns the idea rules look at. */
export function findChallengeForIdeas(db: Db, challengeId: number) {
  return db
    .selectFrom('challenges')
    .select(['id', 'company_id', 'status', 'challenge_type', 'deadline', 'winners_announced_at'])
    .where('id', '=', challengeId)
    .executeTakeFirst();
}

/** An idea with the challenge columns its access rules need. */
export function findIdeaWithChallenge(db: Db, ideaId: number) {
  return db
    .selectFrom('ideas')
    .innerJoin('challenges', 'challenges.id', 'ideas.challenge_id')
    .select([
      'ideas.id',
      'ideas.title',
      'ideas.volunteer_id',
      'ideas.status',
      'ideas.challenge_id',
      'challenges.status as challenge_status',
      'challenges.company_id',
      'challenges.deadline',
      'challenges.winners_announced_at',
    ])
    .where('ideas.id', '=', ideaId)
    .executeTakeFirst();
}

export function insertIdea(
  db: Db,
  idea: { challengeId: number; volunteerId: number; title: string; description: string; now: string },
) {
  return db
    .insertInto('ideas')
    .values({
      challenge_id: idea.challengeId,
      volunteer_id: idea.volunteerId,
      title: idea.title,
      description: idea.description,
      status: 'pending_review',
      ai_score: null,
      ai_feedback: null,
      final_score: null,
      created_at: idea.now,
      updated_at: idea.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => row.id);
}

/**
 * Locks the idea row for the rest of the transaction, so votes on one idea are counted one after another and each
 * recount sees every vote committed before it (PostgreSQL; SQLite runs one write transaction at a time anyway).
 */
export function lockIdeaForVoting(db: Db, dialect: Dialect, ideaId: number) {
  return db
    .selectFrom('ideas')
    .select(['id', 'volunteer_id', 'status', 'ai_score'])
    .where('id', '=', ideaId)
    .$if(dialect === 'postgres', (query) => query.forNoKeyUpdate())
    .executeTakeFirst();
}

/** One voter's current vote on an idea: -1, 1, or 0 when they have none. */
export async function findVote(db: Db, ideaId: number, volunteerId: number): Promise<number> {
  const row = await db
    .selectFrom('idea_votes')
    .select('vote')
    .where('idea_id', '=', ideaId)
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
  return row ? Number(row.vote) : 0;
}

/** Records, changes (upsert on the unique idea/voter pair) or, for 0, removes one voter's vote. */
export async function saveVote(db: Db, ideaId: number, volunteerId: number, vote: -1 | 0 | 1, now: string) {
  if (vote === 0) {
    await db.deleteFrom('idea_votes').where('idea_id', '=', ideaId).where('volunteer_id', '=', volunteerId).execute();
    return;
  }
  await db
    .insertInto('idea_votes')
    .values({ idea_id: ideaId, volunteer_id: volunteerId, vote, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['idea_id', 'volunteer_id']).doUpdateSet({ vote, updated_at: now }))
    .execute();
}

/** Counts an idea's votes from the votes themselves, so the totals cannot drift from the rows. */
export async function countVotes(db: Db, ideaId: number): Promise<{ up: number; down: number }> {
  const row = await db
    .selectFrom('idea_votes')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('vote', '=', 1).then(1).else(0).end()).as('up'),
      eb.fn.sum<number>(eb.case().when('vote', '=', -1).then(1).else(0).end()).as('down'),
    ])
    .where('idea_id', '=', ideaId)
    .executeTakeFirstOrThrow();
  return { up: Number(row.up ?? 0), down: Number(row.down ?? 0) };
}

export async function updateVoteTotals(
  db: Db,
  ideaId: number,
  totals: { votesUp: number; votesDown: number; finalScore: number | null; now: string },
): Promise<void> {
  await db
    .updateTable('ideas')
    .set({
      votes_up: totals.votesUp,
      votes_down: totals.votesDown,
      vote_total: totals.votesUp - totals.votesDown,
      final_score: totals.finalScore,
      updated_at: totals.now,
    })
    .where('id', '=', ideaId)
    .execute();
}

/** The accounts an idea concerns: its author's and its challenge's company's. */
export function findIdeaParties(db: Db, ideaId: number) {
  return db
    .selectFrom('ideas')
    .innerJoin('challenges', 'challenges.id', 'ideas.challenge_id')
    .innerJoin('companies', 'companies.id', 'challenges.company_id')
    .innerJoin('volunteers', 'volunteers.id', 'ideas.volunteer_id')
    .select(['companies.user_id as company_user_id', 'volunteers.user_id as author_user_id'])
    .where('ideas.id', '=', ideaId)
    .executeTakeFirst();
}

/** Puts an idea on its company's shortlist (keeping the first time) or takes it off. */
export async function setShortlisted(db: Db, ideaId: number, shortlisted: boolean, now: string): Promise<void> {
  await db
    .updateTable('ideas')
    .set({ shortlisted_at: shortlisted ? now : null, updated_at: now })
    .where('id', '=', ideaId)
    .where('shortlisted_at', shortlisted ? 'is' : 'is not', null)
    .execute();
}

/** The ideas of `ids` that belong to the challenge, with what deciding a winner looks at. */
export function findChallengeIdeas(db: Db, challengeId: number, ids: readonly number[]) {
  return db
    .selectFrom('ideas')
    .select(['id', 'title', 'status', 'volunteer_id'])
    .where('challenge_id', '=', challengeId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function setWinnerRank(db: Db, ideaId: number, rank: number, now: string): Promise<void> {
  await db.updateTable('ideas').set({ winner_rank: rank, updated_at: now }).where('id', '=', ideaId).execute();
}

/** Everyone who took part in a challenge's contest: the authors of its scored ideas and everyone who voted. */
export function findContestParticipants(db: Db, challengeId: number) {
  const authors = db
    .selectFrom('ideas')
    .innerJoin('volunteers', 'volunteers.id', 'ideas.volunteer_id')
    .select('volunteers.user_id')
    .where('ideas.challenge_id', '=', challengeId)
    .where('ideas.status', '=', 'scored');
  const voters = db
    .selectFrom('idea_votes')
    .innerJoin('ideas', 'ideas.id', 'idea_votes.idea_id')
    .innerJoin('volunteers', 'volunteers.id', 'idea_votes.volunteer_id')
    .select('volunteers.user_id')
    .where('ideas.challenge_id', '=', challengeId);
  return authors
    .union(voters)
    .orderBy('user_id')
    .execute()
    .then((rows) => rows.map((row) => row.user_id));
}
