import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldErrors } from './app-error.ts';

// ajv-formats is CommonJS; its default export arrives wrapped under Node's ESM loader.
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as typeof import('ajv-formats').default;

/**
 * Two validators: bodies are checked strictly (a JSON "12" for a number is a wrong type, per the contract), while
 * query strings and path parameters arrive as text and are coerced. Form and multipart bodies are text too; they are
 * coerced field by field before validation (see `coerceFormBody`).
 */
function createAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    verbose: true,
    strict: false,
  });
  addFormats(ajv, ['uri', 'email', 'date-time', 'date']);
  // A URL a person could open: absolute http(s) with a host.
  ajv.addFormat('http-url', (value: string) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  });
  return ajv;
}

export function installValidators(app: FastifyInstance): void {
  const strict = createAjv(false);
  const coercing = createAjv('array' as unknown as boolean);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const text = httpPart !== 'body';
    const validate = (text ? coercing : strict).compile(schema) as ValidateFunction;
    return guardTextInput(validate, text ? integerFieldsOf(schema) : new Set(), declaredFieldsOf(schema));
  });
  // Routes without a schema for their query or body (the web pages and forms) read text too: the same NUL rule,
  // so that no text reaches either engine with NUL in it.
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    for (const [part, data, declared] of [
      ['querystring', request.query, schema?.querystring],
      ['body', request.body, schema?.body],
    ] as const) {
      const errors = declared ? [] : nulCharacters(data, '');
      if (errors.length > 0) throw validationFailure(errors, part);
    }
  });
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const error = new Error(formatFieldErrors(toFieldErrors(errors as ErrorObject[])).message) as Error & {
      fieldErrors: FieldErrors;
      validationPart: string;
    };
    error.fieldErrors = toFieldErrors(errors as ErrorObject[]);
    error.validationPart = dataVar;
    return error;
  });
}

/**
 * How an integer is written in a path or query string. Ajv's coercion (and `Number()`) also read `0x10`, `1e1`,
 * ` 1`, `+1` and `01` as numbers, so without this `/api/challenges/0x10` named challenge 16: one resource would
 * have many URLs, and an id that the contract says names nothing would name something.
 */
const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]*)$/;

/** Top-level properties of a path or query schema that hold integers (alone, nullable, or as array items). */
function integerFieldsOf(schema: unknown): Set<string> {
  const properties = (schema as { properties?: Record<string, JsonSchemaNode> }).properties ?? {};
  const isInteger = (node: JsonSchemaNode | undefined): boolean =>
    node !== undefined &&
    (([] as unknown[]).concat(node.type).includes('integer') || (node.anyOf ?? []).some((branch) => isInteger(branch)));
  return new Set(
    Object.entries(properties)
      .filter(([, node]) => isInteger(node) || isInteger(node.items))
      .map(([name]) => name),
  );
}

type JsonSchemaNode = { type?: unknown; items?: JsonSchemaNode; anyOf?: JsonSchemaNode[] };

/** The fields a part's schema declares, or null when it declares none (then every field is looked at). */
function declaredFieldsOf(schema: unknown): Set<string> | null {
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  return properties ? new Set(Object.keys(properties)) : null;
}

/**
 * Wraps the schema of every validated part of a request (path, query, JSON, form and multipart fields): an integer
 * in a path or query must be canonical decimal text (above), and no string in the fields the schema declares (at
 * any depth, keys of free-form objects included) may hold a NUL character. PostgreSQL cannot store NUL in text (a
 * 500 there) while SQLite keeps it silently; refusing it here gives the same 422 naming the field on both engines.
 * Failures are reported as schema errors, so they read and map to statuses like any other (a bad path id is a 404).
 */
function guardTextInput(validate: ValidateFunction, integerFields: Set<string>, declared: Set<string> | null) {
  const guarded = (data: unknown, context?: unknown) => {
    // Before the schema, which would coerce `0x10` to 16.
    const loose = nonCanonicalIntegers(data, integerFields);
    if (loose.length > 0) {
      guarded.errors = loose;
      return false;
    }
    const valid = (validate as (data: unknown, context?: unknown) => boolean)(data, context);
    if (!valid) {
      guarded.errors = validate.errors;
      return false;
    }
    // After the schema. Fields it does not declare are ignored by every service, whatever they hold, so they are
    // not looked at (nor echoed in a message).
    const nul = nulCharacters(declared && data && typeof data === 'object' ? pick(data, declared) : data, '');
    guarded.errors = nul.length > 0 ? nul : null;
    return nul.length === 0;
  };
  guarded.errors = null as ErrorObject[] | null | undefined;
  // Fastify passes the parent object to Ajv validators (so a root value can be replaced) when it sees this.
  guarded.schemaEnv = (validate as unknown as { schemaEnv: unknown }).schemaEnv;
  return guarded;
}

function nonCanonicalIntegers(data: unknown, fields: Set<string>): ErrorObject[] {
  if (fields.size === 0 || !data || typeof data !== 'object') return [];
  const errors: ErrorObject[] = [];
  for (const field of fields) {
    const value = (data as Record<string, unknown>)[field];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' && !CANONICAL_INTEGER.test(item)) {
        errors.push(schemaError('type', `/${field}`, { type: 'integer' }, item));
        break;
      }
    }
  }
  return errors;
}

function pick(data: object, fields: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => fields.has(key)));
}

const MAX_DEPTH = 32;

function nulCharacters(value: unknown, path: string, depth = 0): ErrorObject[] {
  if (typeof value === 'string') return value.includes('\0') ? [schemaError('nulCharacter', path, {}, value)] : [];
  // Bytes (a file part's content) are not text.
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > MAX_DEPTH) return [];
  const errors: ErrorObject[] = [];
  for (const [key, item] of Object.entries(value)) {
    // A key the schema kept (a free-form object) may be stored or echoed too.
    if (key.includes('\0')) errors.push(schemaError('nulCharacter', path || '/body', {}, key));
    errors.push(...nulCharacters(item, `${path}/${key}`, depth + 1));
  }
  return errors;
}

/** A failure shaped like Fastify's schema failures, for the error handler (a 422 naming the fields). */
function validationFailure(errors: ErrorObject[], part: string) {
  const fieldErrors = toFieldErrors(errors);
  return Object.assign(new Error(formatFieldErrors(fieldErrors).message), {
    validation: errors,
    validationPart: part,
    fieldErrors,
    statusCode: 422,
  });
}

function schemaError(keyword: string, instancePath: string, params: Record<string, unknown>, data: unknown) {
  return { keyword, instancePath, schemaPath: '#', params, data } as ErrorObject;
}

/** `availability_hours_per_week` → `availability hours per week`, as the messages name fields. */
export function humanize(field: string): string {
  return field.replace(/\[\]$/, '').replace(/[_.]/g, ' ');
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required') return (error.params as { missingProperty: string }).missingProperty;
  const path = error.instancePath.replace(/^\//, '').split('/');
  // attachments/0 → attachments
  return path.filter((part) => !/^\d+$/.test(part)).join('.') || 'body';
}

function messageFor(error: ErrorObject, field: string): string {
  const name = humanize(field);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `The ${name} field is required.`;
    case 'type': {
      if (error.data === null) return `The ${name} field is required.`;
      const type = String(params.type).split(',')[0];
      return `The ${name} must be ${article(type === 'object' ? 'object' : type)}.`;
    }
    case 'minLength':
      return params.limit === 1
        ? `The ${name} field is required.`
        : `The ${name} must be at least ${params.limit} characters.`;
    case 'maxLength':
      return `The ${name} must not be greater than ${params.limit} characters.`;
    case 'minimum':
      return `The ${name} must be at least ${params.limit}.`;
    case 'exclusiveMinimum':
      return `The ${name} must be greater than ${params.limit}.`;
    case 'maximum':
      return `The ${name} must not be greater than ${params.limit}.`;
    case 'enum':
      return `The ${name} must be one of: ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'maxItems':
      return `The ${name} must not have more than ${params.limit} items.`;
    case 'format':
      if (params.format === 'email') return `The ${name} must be a valid email address.`;
      if (params.format === 'uri' || params.format === 'http-url')
        return `The ${name} must be a web address starting with https:// or http://.`;
      return `The ${name} must be a valid ${params.format}.`;
    case 'pattern':
      return `The ${name} format is invalid.`;
    case 'nulCharacter':
      return `The ${name} must not contain a NUL character.`;
    default:
      return `The ${name} is invalid.`;
  }
}

export function toFieldErrors(errors: ErrorObject[]): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    // Union branches repeat the same failure; the branch errors above already say what is wrong.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const field = fieldOf(error);
    const message = messageFor(error, field);
    const list = (result[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
}

/** The top-level message: the first problem, and how many more there are (as the old platform did). */
export function formatFieldErrors(errors: FieldErrors): { message: string; errors: FieldErrors } {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return {
    message: more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first,
    errors,
  };
}

/** Fields holding a password (`password`, `password_confirmation`, `current_password`…): kept exactly as typed. */
const PASSWORD_FIELD = /(^|_)password(_|$)/;

/**
 * Body normalisation before validation, per the contract: strings are trimmed and an empty string means null.
 * Passwords are the exception: a space at either end is part of the password (ASVS 6.2.8, verified exactly as
 * received), so trimming would set or check a different one.
 * A missing body on a route that has a body schema is an empty object, so "required" errors name the fields.
 */
export function normalizeBody(request: FastifyRequest): void {
  const body = request.body;
  if (body === undefined || body === null) {
    if (request.routeOptions.schema?.body) request.body = {};
    return;
  }
  if (typeof body !== 'object' || Array.isArray(body)) return;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' && !PASSWORD_FIELD.test(key)) {
      const trimmed = value.trim();
      (body as Record<string, unknown>)[key] = trimmed === '' ? null : trimmed;
    }
  }
}

/**
 * Form and multipart fields are text; turn the ones the schema wants as numbers into numbers, so that
 * `hours_worked=2.5` from an HTML form validates like `2.5` from JSON. Text that is not a number stays text and
 * fails validation with the usual message.
 */
export function coerceFormBody(request: FastifyRequest): void {
  const schema = request.routeOptions.schema?.body as { properties?: Record<string, { type?: unknown }> } | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  if (!schema?.properties || !body || typeof body !== 'object') return;
  for (const [key, property] of Object.entries(schema.properties)) {
    const value = body[key];
    if (typeof value !== 'string') continue;
    const types = ([] as unknown[]).concat(property.type);
    if ((types.includes('number') || types.includes('integer')) && /^-?\d+(\.\d+)?$/.test(value)) {
      body[key] = Number(value);
    } else if (types.includes('boolean') && (value === 'true' || value === 'false')) {
      body[key] = value === 'true';
    }
  }
}
