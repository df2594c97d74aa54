import { type Static, Type } from 'typebox';
import { IdFilter, Nullable, PageQuery, Timestamp, UserSummary } from '../../http/schemas.ts';
import { MessageText } from '../teams/teams.schemas.ts';

export const ChallengeMessage = Type.Object(
  {
    id: Type.Integer(),
    challenge_id: Type.Integer(),
    task_id: Nullable(
      Type.Integer({ description: "The task whose thread it is in; null in the challenge's whole-team thread." }),
    ),
    user: UserSummary,
    message: Type.String(),
    created_at: Timestamp,
  },
  { $id: 'ChallengeMessage' },
);
export type ChallengeMessage = Static<typeof ChallengeMessage>;

export const NewChallengeMessage = Type.Object(
  {
    message: MessageText,
    task_id: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 1,
          maximum: 2147483647,
          description:
            "Optional: a task of the challenge, to write in that task's thread (the company and the task's assignee); " +
            'absent or null: the whole-team thread.',
        }),
      ),
    ),
  },
  { $id: 'NewChallengeMessage' },
);
export type NewChallengeMessage = Static<typeof NewChallengeMessage>;

export const ChallengeMessagesQuery = Type.Object({
  task_id: IdFilter("This task's thread; without it, the challenge's whole-team thread"),
  ...PageQuery,
});

export const ChallengeMessageCreated = Type.Object({ data: ChallengeMessage }, { $id: 'ChallengeMessageCreated' });
