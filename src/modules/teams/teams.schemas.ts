import { type Static, Type } from 'typebox';
import { Timestamp, UserSummary } from '../../http/schemas.ts';

export const Team = Type.Object(
  {
    id: Type.Integer(),
    challenge_id: Type.Integer(),
    name: Type.String(),
    status: Type.String({ description: 'forming | active | completed | disbanded' }),
    members: Type.Array(
      Type.Object({
        volunteer_id: Type.Integer(),
        name: Type.String(),
        role: Type.String({ description: 'leader | member' }),
        status: Type.String({ description: 'invited | accepted | declined' }),
      }),
    ),
  },
  { $id: 'Team' },
);
export type Team = Static<typeof Team>;

export const TeamMessage = Type.Object(
  {
    id: Type.Integer(),
    team_id: Type.Integer(),
    user: UserSummary,
    message: Type.String(),
    created_at: Timestamp,
  },
  { $id: 'TeamMessage' },
);
export type TeamMessage = Static<typeof TeamMessage>;

/** The text of a message in a thread (a team's, a challenge's): 1–2000 characters after trimming. */
const MESSAGE_MAX_LENGTH = 2000;
export const MessageText = Type.String({
  minLength: 1,
  maxLength: MESSAGE_MAX_LENGTH,
  description: '1–2000 characters after trimming',
});

export const NewTeamMessage = Type.Object({ message: MessageText }, { $id: 'NewTeamMessage' });
