import { type Static, Type } from 'typebox';
import { Id } from '../../http/schemas.ts';

/** At most this many winners: places beyond a podium and a few honourable mentions say little. */
const MAX_WINNERS = 10;

export const WinnersBody = Type.Object(
  {
    idea_ids: Type.Array(Id, {
      minItems: 1,
      maxItems: MAX_WINNERS,
      uniqueItems: true,
      description: 'The winning ideas in order of place: the first is first place. Scored ideas of this challenge.',
    }),
  },
  { $id: 'WinnersBody' },
);
export type WinnersBody = Static<typeof WinnersBody>;
