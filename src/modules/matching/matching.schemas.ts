import { type Static, Type } from 'typebox';
import { Id, Nullable } from '../../http/schemas.ts';
import { Assignment, MatchReasoning } from '../assignments/assignments.schemas.ts';
import { VolunteerCard } from '../volunteers/volunteers.schemas.ts';

const INVITATION_NOTE_MAX_LENGTH = 1000;

const Candidate = Type.Object(
  {
    volunteer: VolunteerCard,
    match_score: Type.Integer({ minimum: 0, maximum: 100 }),
    would_be_invited: Type.Boolean({
      description: 'Whether the score reaches the minimum at which matching invites on its own (`minimum_score`).',
    }),
    match_reasoning: MatchReasoning,
  },
  { $id: 'TaskCandidate' },
);

/** What the people list shows of an assignment (the whole of it is GET /api/assignments/{id}). */
const AssignmentOnTask = Type.Object({
  id: Type.Integer(),
  status: Assignment.properties.status,
  match_score: Assignment.properties.match_score,
  invited_by: Assignment.properties.invited_by,
  invitation_note: Assignment.properties.invitation_note,
  decline_reason: Assignment.properties.decline_reason,
  invited_at: Assignment.properties.invited_at,
  responded_at: Assignment.properties.responded_at,
  withdrawn_at: Assignment.properties.withdrawn_at,
  completed_at: Assignment.properties.completed_at,
});

const PersonOnTask = Type.Object(
  {
    volunteer: VolunteerCard,
    assignment: AssignmentOnTask,
  },
  { $id: 'PersonOnTask' },
);

export const TaskCandidates = Type.Object(
  {
    task_id: Type.Integer(),
    open_for_invitations: Type.Boolean({
      description: 'The task is pending or matching, on an active or in-progress challenge: invitations can be made.',
    }),
    minimum_score: Type.Integer({ description: 'The score from which matching invites a contributor on its own.' }),
    candidates: Type.Array(Candidate, {
      description:
        'Who matching would rank for the task, best first (at most 20): contributors without an assignment on it ' +
        'who hold a required skill (or a narrower one) at the level the task asks for and have the free hours. ' +
        'Empty while the task is not open for invitations.',
    }),
    candidates_total: Type.Integer({ description: 'How many contributors fit in all.' }),
    people: Type.Array(PersonOnTask, {
      description:
        'Everyone with an assignment on the task (invited, working, done, declined or withdrawn), oldest first.',
    }),
    message: Nullable(
      Type.String({
        description:
          'Why there is no one matching would invite, in plain words ("No contributor holds Structural Design at ' +
          'advanced level or above."), or why the task takes no invitations; null when matching has candidates.',
      }),
    ),
  },
  { $id: 'TaskCandidates' },
);
export type TaskCandidates = Static<typeof TaskCandidates>;

export const InvitationBody = Type.Object(
  {
    volunteer_id: Id,
    note: Type.Optional(
      Nullable(
        Type.String({
          maxLength: INVITATION_NOTE_MAX_LENGTH,
          description: 'A note to the contributor, shown with the invitation (at most 1000 characters).',
        }),
      ),
    ),
  },
  { $id: 'InvitationBody' },
);
export type InvitationBody = Static<typeof InvitationBody>;
