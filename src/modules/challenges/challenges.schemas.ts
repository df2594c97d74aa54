import { type Static, Type } from 'typebox';
import { Nullable, pageQuery, Timestamp, UserSummary } from '../../http/schemas.ts';
import { Idea } from '../ideas/ideas.schemas.ts';
import { Task } from '../tasks/tasks.schemas.ts';
import { CHALLENGE_STATUSES } from './challenges.state.ts';

export { CHALLENGE_STATUSES } from './challenges.state.ts';

export const Challenge = Type.Object(
  {
    id: Type.Integer(),
    company_id: Type.Integer(),
    title: Type.String(),
    description: Type.String(),
    refined_brief: Nullable(Type.String()),
    field: Nullable(Type.String()),
    score: Nullable(Type.Integer({ minimum: 1, maximum: 10 })),
    complexity_level: Nullable(Type.Integer({ minimum: 1, maximum: 4 })),
    challenge_type: Nullable(Type.String({ description: 'community_discussion | team_execution' })),
    status: Type.String({ description: CHALLENGE_STATUSES.join(' | ') }),
    ai_analysis_status: Type.String(),
    ai_analysis_step: Nullable(
      Type.String({
        description:
          'While the brief is analysed, the step the analysis is at, in order: reading | understanding | planning | ' +
          'inviting (a rejected or community challenge ends after understanding); null while no analysis runs',
      }),
    ),
    rejection_reason: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
    company: Type.Object({ id: Type.Integer(), company_name: Type.String(), logo_url: Nullable(Type.String()) }),
    deadline: Nullable(
      Type.String({
        format: 'date-time',
        description: 'Community discussions: when ideas and votes close (ISO-8601 UTC); null for no deadline',
      }),
    ),
    prize: Nullable(Type.String({ description: 'What the winners receive, as the company wrote it' })),
    judging_criteria: Nullable(Type.String({ description: 'How the company will choose the winners' })),
    public: Type.Boolean({
      description: 'Signed-out visitors may read the challenge at /challenges/{id}/public (community discussions)',
    }),
    ideas_open: Type.Boolean({
      description: 'A community discussion that takes ideas and votes now: active, before its deadline, no winners yet',
    }),
    winners_announced_at: Nullable(
      Type.String({ format: 'date-time', description: 'When the company announced the winners' }),
    ),
  },
  { $id: 'Challenge' },
);
export type Challenge = Static<typeof Challenge>;

export const Analysis = Type.Object(
  {
    id: Type.Integer(),
    challenge_id: Type.Integer(),
    stage: Type.String({ description: 'brief | complexity | decomposition' }),
    summary: Nullable(Type.String()),
    objectives: Type.Array(Type.String()),
    constraints: Type.Array(Type.String()),
    success_criteria: Type.Array(Type.String()),
    stakeholders: Type.Array(Type.String()),
    risks: Type.Array(Type.String()),
    recommended_approach: Nullable(Type.String()),
    confidence_score: Nullable(Type.Integer()),
    provider: Type.String(),
    model: Nullable(Type.String()),
    created_at: Timestamp,
  },
  { $id: 'ChallengeAnalysis' },
);
export type Analysis = Static<typeof Analysis>;

export const Workstream = Type.Object(
  {
    id: Type.Integer(),
    challenge_id: Type.Integer(),
    title: Type.String(),
    description: Nullable(Type.String()),
    position: Type.Integer(),
    status: Type.String({ description: 'pending | active | completed' }),
    origin: Type.String({ description: 'analysis | company: who added the workstream to the plan' }),
    company_edited_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When the owning company last changed the workstream (null: as its origin left it)',
      }),
    ),
    tasks: Type.Array(Task, { description: 'Its tasks by position, then id' }),
  },
  { $id: 'Workstream' },
);
export type Workstream = Static<typeof Workstream>;

export const ChallengeDetail = Type.Object(
  {
    ...Challenge.properties,
    analyses: Type.Array(Analysis),
    workstreams: Type.Array(Workstream),
    tasks: Type.Array(Task),
    ideas: Type.Array(Idea),
    winners: Type.Array(Idea, { description: 'The winning ideas, first place first; empty until announced' }),
  },
  { $id: 'ChallengeDetail' },
);
export type ChallengeDetail = Static<typeof ChallengeDetail>;

export const CHALLENGE_TYPES = ['community_discussion', 'team_execution'] as const;

/** Challenges are listed 15 to a page unless `per_page` says otherwise (docs/contract.md §1). */
export const CHALLENGES_PER_PAGE = 15;

/** Filters of `GET /challenges` and `GET /challenges/my-challenges`; an unknown status or type is a 422. */
export const ChallengeListQuery = Type.Object({
  ...pageQuery(CHALLENGES_PER_PAGE),
  status: Type.Optional(Type.Enum([...CHALLENGE_STATUSES], { description: 'Only challenges in this status' })),
  challenge_type: Type.Optional(Type.Enum([...CHALLENGE_TYPES], { description: 'Only challenges of this type' })),
  complexity_level: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 4, description: 'Only challenges of this complexity level' }),
  ),
  field: Type.Optional(Type.String({ maxLength: 255, description: 'Exact field, case-insensitive' })),
  q: Type.Optional(Type.String({ maxLength: 255, description: 'Text in the title or description, case-insensitive' })),
});
export type ChallengeListQuery = Static<typeof ChallengeListQuery>;

export const CHALLENGE_TITLE_MAX = 255;
export const CHALLENGE_DESCRIPTION_MIN = 100;
export const CHALLENGE_DESCRIPTION_MAX = 5000;

const Title = Type.String({ minLength: 1, maxLength: CHALLENGE_TITLE_MAX });
/** Lengths count characters (code points): Ajv measures strings that way. */
const Description = Type.String({ minLength: CHALLENGE_DESCRIPTION_MIN, maxLength: CHALLENGE_DESCRIPTION_MAX });

const PRIZE_MAX = 500;
const JUDGING_CRITERIA_MAX = 2000;

/**
 * The contest settings of a community discussion (docs/api.md, Contests). The brief's analysis decides the type
 * later, so they may be given at creation; on a team-execution challenge a change is a 422. null clears one.
 */
const ContestSettings = {
  deadline: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 40,
        description:
          'When ideas and votes close: a date (YYYY-MM-DD, the end of that day in UTC) or a date and time with a ' +
          'time zone (2026-12-01T17:00:00Z); in the future',
      }),
    ),
  ),
  prize: Type.Optional(Nullable(Type.String({ maxLength: PRIZE_MAX, description: 'What the winners receive' }))),
  judging_criteria: Type.Optional(
    Nullable(
      Type.String({
        maxLength: JUDGING_CRITERIA_MAX,
        description: 'How the winners will be chosen, one criterion per line; the AI feedback on ideas refers to them',
      }),
    ),
  ),
  public: Type.Optional(Type.Boolean({ description: 'Opt in to the read-only page for signed-out visitors' })),
};

export const CreateChallengeBody = Type.Object(
  { title: Title, description: Description, ...ContestSettings },
  { $id: 'CreateChallengeBody' },
);
export type CreateChallengeBody = Static<typeof CreateChallengeBody>;

export const REFINED_BRIEF_MAX = 5000;

/**
 * Title, description and the contest settings, all optional (docs/contract.md §4), under their own rules; the
 * refined brief once the analysis wrote it, while the challenge runs (issue 12, item 1).
 */
export const UpdateChallengeBody = Type.Object(
  {
    ...Type.Partial(CreateChallengeBody).properties,
    refined_brief: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: REFINED_BRIEF_MAX,
        description:
          'The brief as the analysis refined it, corrected by the company: only while the challenge is active or ' +
          'in progress. It is not analysed again.',
      }),
    ),
  },
  { $id: 'UpdateChallengeBody' },
);
export type UpdateChallengeBody = Static<typeof UpdateChallengeBody>;

export const ChallengeChange = Type.Object(
  {
    id: Type.Integer(),
    challenge_id: Type.Integer(),
    action: Type.String({
      description:
        'brief_edited | workstream_added | workstream_edited | workstream_removed | task_added | task_edited | ' +
        'task_merged | task_removed | task_rematched',
    }),
    workstream_id: Nullable(Type.Integer({ description: 'The workstream concerned (kept after it was removed)' })),
    task_id: Nullable(Type.Integer({ description: 'The task concerned (kept after it was removed)' })),
    summary: Type.String({ description: 'One sentence saying what changed' }),
    details: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The fields changed, each {from, to}; or what was merged or removed',
    }),
    user: Nullable(UserSummary),
    created_at: Timestamp,
  },
  { $id: 'ChallengeChange' },
);
export type ChallengeChange = Static<typeof ChallengeChange>;
