import { type Static, Type } from 'typebox';
import { HttpUrl, IdFilter, Nullable, PageQuery, Timestamp } from '../../http/schemas.ts';
import { ASSIGNMENT_STATUSES } from './assignments.state.ts';

export { ASSIGNMENT_STATUSES, type AssignmentStatus } from './assignments.state.ts';

export const Submission = Type.Object(
  {
    id: Type.Integer(),
    assignment_id: Type.Integer(),
    description: Type.String(),
    deliverable_url: Nullable(Type.String()),
    hours_worked: Type.Number(),
    status: Type.String({ description: 'submitted | approved | revision_requested' }),
    review_note: Nullable(
      Type.String({ description: 'What the company asked to change when it sent the solution back, or null.' }),
    ),
    attachments: Type.Array(
      Type.Object({ id: Type.Integer(), file_name: Type.String(), size: Type.Integer(), content_type: Type.String() }),
    ),
    created_at: Timestamp,
    reviewed_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When the company approved it or sent it back; null while it waits for review.',
      }),
    ),
  },
  { $id: 'Submission' },
);
export type Submission = Static<typeof Submission>;

/** Why a contributor was proposed for a task (`explainMatch`): on invitations, and on a task's candidates. */
export const MatchReasoning = Type.Object(
  {
    summary: Type.String(),
    strengths: Type.Array(Type.String()),
    gaps: Type.Array(Type.String()),
    skill_match_percentage: Type.Number(),
    matched_skills: Type.Optional(
      Type.Array(
        Type.Object({
          name: Type.String({ description: "The task's required skill." }),
          proficiency: Type.String({ description: 'beginner | intermediate | advanced | expert' }),
          via: Nullable(
            Type.String({
              description: 'The narrower skill the contributor holds instead ("PostgreSQL" for "SQL"), or null.',
            }),
          ),
          evidence: Nullable(Type.String({ description: 'The CV excerpt that shows the skill, when known.' })),
        }),
        {
          description:
            'The required skills the contributor holds, with the CV evidence: why they were invited. Absent on ' +
            'invitations made before it was recorded.',
        },
      ),
    ),
  },
  { $id: 'MatchReasoning' },
);

export const Assignment = Type.Object(
  {
    id: Type.Integer(),
    task_id: Type.Integer(),
    volunteer_id: Type.Integer(),
    status: Type.String({ description: ASSIGNMENT_STATUSES.join(' | ') }),
    match_score: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
    match_reasoning: Nullable(MatchReasoning),
    decline_reason: Nullable(Type.String()),
    withdrawn_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the invitation was withdrawn before the contributor answered — by the company, or because the task ' +
          'was filled or completed, or its challenge completed (the status is then `declined`; `decline_reason` says ' +
          'which); null otherwise.',
      }),
    ),
    expires_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the invitation lapses unanswered (INVITATION_TTL_HOURS after `invited_at`); an expired invitation is ' +
          '`declined` with `decline_reason` saying so. Null for invitations made before invitations expired; kept ' +
          'after the answer.',
      }),
    ),
    invited_by: Type.String({
      description:
        'Who chose the contributor: `matching` (the automatic matching) or `company` (the owning company invited them ' +
        'itself, POST /api/tasks/{id}/invitations).',
    }),
    invitation_note: Nullable(
      Type.String({ description: 'What the company wrote to the contributor it invited; null for matching.' }),
    ),
    invited_at: Timestamp,
    responded_at: Nullable(Timestamp),
    started_at: Nullable(Timestamp),
    submitted_at: Nullable(Timestamp),
    completed_at: Nullable(Timestamp),
    actual_hours: Nullable(Type.Number()),
    rating: Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 5,
        description: "The company's rating of the approved work, 1 (poor) to 5 (excellent); null when none was given.",
      }),
    ),
    review_comment: Nullable(
      Type.String({ description: "The company's comment when it approved the work; null when none was written." }),
    ),
    task: Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      challenge_id: Type.Integer(),
      estimated_hours: Nullable(Type.Number()),
    }),
    volunteer: Type.Object({ id: Type.Integer(), name: Type.String(), reputation_score: Type.Integer() }),
    latest_submission: Nullable(Submission),
  },
  { $id: 'Assignment' },
);
export type Assignment = Static<typeof Assignment>;

// ---- Requests ----

export const AssignmentListQuery = Type.Object({
  status: Type.Optional(Type.Enum([...ASSIGNMENT_STATUSES], { description: 'Only assignments in this status' })),
  task_id: IdFilter('Only assignments on this task'),
  challenge_id: IdFilter("Only assignments on this challenge's tasks"),
  ...PageQuery,
});
export type AssignmentListQuery = Static<typeof AssignmentListQuery>;

export const RejectBody = Type.Object(
  {
    reason: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { $id: 'RejectAssignmentBody' },
);

export const SubmitSolutionBody = Type.Object(
  {
    description: Type.String({ minLength: 10, maxLength: 10_000 }),
    deliverable_url: Type.Optional(Nullable(HttpUrl)),
    hours_worked: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
  },
  { $id: 'SubmitSolutionBody' },
);
export type SubmitSolutionBody = Static<typeof SubmitSolutionBody>;

export const REVIEW_TEXT_MAX_LENGTH = 2000;

export const CompleteBody = Type.Object(
  {
    actual_hours: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }))),
    rating: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 1,
          maximum: 5,
          description: 'Optional: 1 (poor) to 5 (excellent). Shown to the contributor; weighs the reputation points.',
        }),
      ),
    ),
    comment: Type.Optional(
      Nullable(
        Type.String({
          maxLength: REVIEW_TEXT_MAX_LENGTH,
          description: 'Optional: a word to the contributor about the work, shown on their assignment.',
        }),
      ),
    ),
  },
  { $id: 'CompleteAssignmentBody' },
);
export type CompleteBody = Static<typeof CompleteBody>;

export const RequestChangesBody = Type.Object(
  {
    note: Type.String({
      minLength: 1,
      maxLength: REVIEW_TEXT_MAX_LENGTH,
      description: 'Required: what the contributor should change (1–2000 characters after trimming).',
    }),
  },
  { $id: 'RequestChangesBody' },
);
