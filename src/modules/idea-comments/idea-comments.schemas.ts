import { type Static, Type } from 'typebox';
import { Timestamp } from '../../http/schemas.ts';

const COMMENT_MAX = 2000;

export const IdeaComment = Type.Object(
  {
    id: Type.Integer(),
    idea_id: Type.Integer(),
    author: Type.Object({
      name: Type.String({ description: "The contributor's name, or the company's name for a company account" }),
      role: Type.String({ description: 'contributor | company' }),
      is_idea_author: Type.Boolean({ description: "The comment is by the idea's own author" }),
    }),
    body: Type.String(),
    created_at: Timestamp,
  },
  { $id: 'IdeaComment' },
);
export type IdeaComment = Static<typeof IdeaComment>;

export const NewIdeaComment = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: COMMENT_MAX, description: `1 to ${COMMENT_MAX} characters` }) },
  { $id: 'NewIdeaComment' },
);
export type NewIdeaComment = Static<typeof NewIdeaComment>;
