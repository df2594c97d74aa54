import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from '../../http/schemas.ts';

export const ApplyForTaskBody = Type.Object(
  {
    note: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 1000,
          description: 'A short note to the company: why you, what you would bring (at most 1000 characters)',
        }),
      ),
    ),
  },
  { $id: 'ApplyForTaskBody' },
);
export type ApplyForTaskBody = Static<typeof ApplyForTaskBody>;

export const TaskInterest = Type.Object(
  {
    id: Type.Integer(),
    task_id: Type.Integer(),
    note: Nullable(Type.String()),
    created_at: Timestamp,
    volunteer: Type.Object({
      id: Type.Integer({ description: 'The contributor profile id (what an invitation names as volunteer_id)' }),
      name: Type.String(),
      reputation_score: Type.Integer(),
      experience_level: Nullable(Type.String({ description: 'student | junior | mid | senior | expert' })),
      availability_hours_per_week: Type.Integer(),
    }),
    matched_skills: Type.Array(
      Type.Object({
        name: Type.String({ description: "One of the task's required skills" }),
        proficiency_level: Type.String({ description: 'beginner | intermediate | advanced | expert' }),
        evidence: Nullable(Type.String({ description: 'The CV excerpt that shows it; null for skills added by hand' })),
        verified: Type.Boolean({
          description:
            'False for a skill read from a CV whose analysis has not passed validation (needs_review): listed, not ' +
            'yet checked, and not counted by matching',
        }),
      }),
      { description: "The task's required skills the applicant holds" },
    ),
    assignment: Nullable(
      Type.Object(
        { id: Type.Integer(), status: Type.String() },
        { description: 'The invitation or assignment the applicant holds on the task, once invited; null before' },
      ),
    ),
  },
  { $id: 'TaskInterest' },
);
export type TaskInterest = Static<typeof TaskInterest>;
