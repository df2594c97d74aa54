import { type Static, Type } from 'typebox';
import { Nullable } from '../../http/schemas.ts';

const Title = Type.String({ minLength: 1, maxLength: 255 });
const Description = Nullable(Type.String({ maxLength: 2000 }));
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
