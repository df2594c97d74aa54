import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from '../../http/schemas.ts';

export const Notification = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  message: Type.String(),
  action_url: Nullable(Type.String()),
  data: Type.Object({
    challenge_id: Type.Optional(Type.Integer()),
    task_id: Type.Optional(Type.Integer()),
    assignment_id: Type.Optional(Type.Integer()),
    team_id: Type.Optional(Type.Integer()),
    idea_id: Type.Optional(Type.Integer()),
  }),
  is_read: Type.Boolean(),
  read_at: Nullable(Timestamp),
  created_at: Timestamp,
});
export type Notification = Static<typeof Notification>;
