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
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema) as ValidateFunction;
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
      if (params.format === 'uri' || params.format === 'http-url') return `The ${name} must be a valid http(s) URL.`;
      return `The ${name} must be a valid ${params.format}.`;
    case 'pattern':
      return `The ${name} format is invalid.`;
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

/**
 * Body normalisation before validation, per the contract: strings are trimmed and an empty string means null.
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
    if (typeof value === 'string') {
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
