import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** A JSON Schema as plain data: what goes over the wire to a model. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * A TypeBox schema as plain JSON Schema. TypeBox marks its schemas with non-enumerable keys (`~kind`, `~optional`);
 * copying only enumerable keys leaves exactly the standard keywords, so what a model receives is what the validator
 * checks.
 */
export function toJsonSchema(schema: TSchema): JsonSchema {
  return plainCopy(schema) as JsonSchema;
}

function plainCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainCopy);
  if (value === null || typeof value !== 'object') return value;
  const copy: JsonSchema = {};
  for (const key of Object.keys(value)) copy[key] = plainCopy((value as JsonSchema)[key]);
  return copy;
}

/**
 * Keywords OpenAI's strict structured output rejects; a schema that uses one is sent non-strict instead (the model
 * is then guided rather than constrained, and the validation after the answer still decides).
 */
const NOT_STRICT_KEYWORDS = [
  '$ref',
  '$defs',
  'definitions',
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'propertyNames',
  'dependentSchemas',
  'dependentRequired',
  'unevaluatedProperties',
  'prefixItems',
  'contains',
];
const STRICT_FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'];

/**
 * The schema in the form OpenAI's strict mode requires: every object closed (`additionalProperties: false`) and every
 * property required, so an optional property becomes "this, or null". Null when the schema cannot be made strict
 * (a free-form object or record, a keyword strict mode rejects, a root that is not an object).
 */
export function toStrictSchema(schema: TSchema): JsonSchema | null {
  const plain = toJsonSchema(schema);
  if (plain.type !== 'object') return null;
  return strictNode(plain);
}

function strictNode(node: JsonSchema): JsonSchema | null {
  if (NOT_STRICT_KEYWORDS.some((keyword) => keyword in node)) return null;
  if (typeof node.format === 'string' && !STRICT_FORMATS.includes(node.format)) return null;
  const result: JsonSchema = { ...node };

  if (node.type === 'object' || 'properties' in node) {
    const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
    const names = Object.keys(properties);
    // Free-form objects and records cannot be closed without changing their meaning.
    if (names.length === 0 || (node.additionalProperties !== undefined && node.additionalProperties !== false)) {
      return null;
    }
    const required = new Set((node.required ?? []) as string[]);
    const strictProperties: Record<string, JsonSchema> = {};
    for (const name of names) {
      const strict = strictNode(properties[name]);
      if (strict === null) return null;
      strictProperties[name] =
        required.has(name) || acceptsNull(strict) ? strict : { anyOf: [strict, { type: 'null' }] };
    }
    result.properties = strictProperties;
    result.required = names;
    result.additionalProperties = false;
  }
  if (node.items !== undefined) {
    if (Array.isArray(node.items) || typeof node.items !== 'object' || node.items === null) return null;
    const items = strictNode(node.items as JsonSchema);
    if (items === null) return null;
    result.items = items;
  }
  if (Array.isArray(node.anyOf)) {
    const branches = (node.anyOf as JsonSchema[]).map(strictNode);
    if (branches.some((branch) => branch === null)) return null;
    result.anyOf = branches;
  }
  return result;
}

function acceptsNull(node: JsonSchema): boolean {
  if (node.type === 'null') return true;
  if (Array.isArray(node.type) && node.type.includes('null')) return true;
  return Array.isArray(node.anyOf) && (node.anyOf as JsonSchema[]).some(acceptsNull);
}

/**
 * Undoes the strict form on an answer: a `null` the model gave for a property that is optional and does not accept
 * null means "absent", so it is removed before the answer is validated against the stage's own schema.
 */
export function dropStrictNulls(schema: TSchema, value: unknown): unknown {
  const node = schema as unknown as JsonSchema;
  if (Array.isArray(value)) {
    return node.items && typeof node.items === 'object' && !Array.isArray(node.items)
      ? value.map((item) => dropStrictNulls(node.items as TSchema, item))
      : value;
  }
  if (value === null || typeof value !== 'object') return value;

  if (Array.isArray(node.anyOf)) {
    // The branch the answer belongs to decides which nulls mean "absent"; if none fits, validation reports it.
    for (const branch of node.anyOf as TSchema[]) {
      const cleaned = dropStrictNulls(branch, value);
      if (Value.Check(branch, cleaned)) return cleaned;
    }
    return value;
  }
  const properties = node.properties as Record<string, TSchema> | undefined;
  if (!properties) return value;
  const required = new Set((node.required ?? []) as string[]);
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = properties[key];
    if (property === undefined) result[key] = item;
    else if (item === null && !required.has(key) && !acceptsNull(property as unknown as JsonSchema)) continue;
    else result[key] = dropStrictNulls(property, item);
  }
  return result;
}
