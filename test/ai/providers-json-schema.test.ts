import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { dropStrictNulls, toJsonSchema, toStrictSchema } from '../../src/ai/providers/json-schema.ts';
import { schemaProblems } from '../../src/ai/providers/structured-output.ts';

const Plan = Type.Object({
  title: Type.String({ description: 'Plan title.' }),
  owner: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  tasks: Type.Array(
    Type.Object({
      name: Type.String(),
      hours: Type.Optional(Type.Integer({ minimum: 1 })),
      review: Type.Optional(Type.Object({ by: Type.String(), note: Type.Optional(Type.String()) })),
    }),
  ),
  status: Type.Union([Type.Literal('draft'), Type.Literal('final')]),
});

/** Every own key, hidden ones too, that is not a JSON Schema keyword: TypeBox's `~kind`, `~optional`, … */
function typeKeys(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Reflect.ownKeys(value).flatMap((key) =>
    typeof key === 'string' && key.startsWith('~') ? [key] : typeKeys((value as Record<PropertyKey, unknown>)[key]),
  );
}

describe('model schemas: strict form and back', () => {
  it('copies a TypeBox schema as plain JSON Schema without TypeBox markers', () => {
    assert.ok(typeKeys(Plan).length > 0, 'TypeBox marks its schemas with hidden keys');
    const plain = toJsonSchema(Plan);
    assert.deepEqual(typeKeys(plain), []);
    assert.deepEqual(plain, JSON.parse(JSON.stringify(Plan)));
  });

  it('closes every object and requires every property, making optional ones nullable', () => {
    const strict = toStrictSchema(Plan);
    assert.ok(strict);
    const properties = strict.properties as Record<string, Record<string, unknown>>;
    assert.deepEqual(strict.required, ['title', 'owner', 'tasks', 'status']);
    assert.equal(strict.additionalProperties, false);
    // Already nullable: not wrapped a second time.
    assert.deepEqual(properties.owner, { anyOf: [{ type: 'string' }, { type: 'null' }] });

    const task = properties.tasks.items as Record<string, Record<string, Record<string, unknown>>>;
    assert.deepEqual(task.required, ['name', 'hours', 'review']);
    assert.equal(task.additionalProperties, false);
    assert.deepEqual(task.properties.hours, { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] });
    const review = (task.properties.review.anyOf as Record<string, unknown>[])[0];
    assert.deepEqual(review.required, ['by', 'note']);
    assert.equal(review.additionalProperties, false);
  });

  it('gives up on strict form where it would change the meaning or strict mode rejects the schema', () => {
    assert.equal(toStrictSchema(Type.Object({ tags: Type.Record(Type.String(), Type.Number()) })), null);
    assert.equal(toStrictSchema(Type.Object({ extra: Type.Object({}) })), null);
    assert.equal(toStrictSchema(Type.Object({ site: Type.String({ format: 'uri' }) })), null);
    assert.equal(toStrictSchema(Type.Object({ both: Type.Intersect([Type.Object({ a: Type.String() })]) })), null);
    assert.equal(toStrictSchema(Type.Array(Type.String())), null);
  });

  it('turns the nulls a strict answer gives for absent optional fields back into absence', () => {
    const strictAnswer = {
      title: 'Launch',
      owner: null,
      tasks: [
        { name: 'API', hours: null, review: null },
        { name: 'App', hours: 12, review: { by: 'Ana', note: null } },
      ],
      status: 'draft',
    };
    assert.ok(Value.Check(toStrictSchema(Plan) as never, strictAnswer), 'the strict schema accepts the answer');

    const answer = dropStrictNulls(Plan, strictAnswer);
    assert.deepEqual(answer, {
      title: 'Launch',
      // `owner` accepts null, so null there is an answer and stays.
      owner: null,
      tasks: [{ name: 'API' }, { name: 'App', hours: 12, review: { by: 'Ana' } }],
      status: 'draft',
    });
    assert.deepEqual(schemaProblems(Plan, answer), []);
  });

  it('keeps a null the schema does not allow where it is required, so validation reports it', () => {
    const answer = dropStrictNulls(Plan, { title: null, tasks: [], status: 'final' });
    assert.deepEqual(answer, { title: null, tasks: [], status: 'final' });
    assert.deepEqual(schemaProblems(Plan, answer), ['/title must be string.']);
  });
});
