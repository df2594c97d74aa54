import { type Static, Type } from 'typebox';
import { Nullable } from '../../http/schemas.ts';

export const WORKSTREAM_TITLE_MAX = 255;
export const WORKSTREAM_DESCRIPTION_MAX = 2000;

const Title = Type.String({ minLength: 1, maxLength: WORKSTREAM_TITLE_MAX });
const Description = Nullable(Type.String({ maxLength: WORKSTREAM_DESCRIPTION_MAX }));
const Position = Type.Integer({
  minimum: 1,
  maximum: 1000,
  description: "Its place among the challenge's workstreams: 1 is first; past the end is last",
});

export const CreateWorkstreamBody = Type.Object(
  { title: Title, description: Type.Optional(Description), position: Type.Optional(Position) },
  { $id: 'CreateWorkstreamBody' },
);
export type CreateWorkstreamBody = Static<typeof CreateWorkstreamBody>;

/** Any of the fields; absent ones keep their values. */
export const UpdateWorkstreamBody = Type.Partial(CreateWorkstreamBody, { $id: 'UpdateWorkstreamBody' });
export type UpdateWorkstreamBody = Static<typeof UpdateWorkstreamBody>;
