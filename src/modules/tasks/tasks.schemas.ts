import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from '../../http/schemas.ts';

export const TASK_STATUSES = ['pending', 'matching', 'assigned', 'in_progress', 'completed'] as const;

export const Task = Type.Object({
  id: Type.Integer(),
  challenge_id: Type.Integer(),
  workstream_id: Nullable(Type.Integer()),
  title: Type.String(),
  description: Nullable(Type.String()),
  required_skills: Type.Array(Type.String(), { description: 'Skill names' }),
  required_experience_level: Nullable(Type.String()),
  expected_output: Nullable(Type.String()),
  acceptance_criteria: Type.Array(Type.String()),
  estimated_hours: Nullable(Type.Number()),
  complexity_score: Nullable(Type.Integer({ minimum: 1, maximum: 10 })),
  status: Type.String({ description: TASK_STATUSES.join(' | ') }),
  created_at: Timestamp,
  updated_at: Timestamp,
  challenge: Type.Object({ id: Type.Integer(), title: Type.String(), status: Type.String() }),
  workstream: Nullable(Type.Object({ id: Type.Integer(), title: Type.String() })),
});
export type Task = Static<typeof Task>;
