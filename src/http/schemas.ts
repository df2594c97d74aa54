import { type Static, type TSchema, Type } from 'typebox';
import { DEFAULT_PER_PAGE } from './pagination.ts';

/**
 * Schema pieces every module uses. Response schemas matter twice: Fastify serialises through them (fast, and
 * nothing outside them leaks), and the OpenAPI document is generated from them. A schema an SDK user should know by
 * name (a resource, a request body) gets an `$id` in PascalCase: `Type.Object({…}, { $id: 'Challenge' })` is
 * `#/components/schemas/Challenge` in the document (src/http/openapi.ts).
 */

/**
 * A value that may also be null (`type: [T, "null"]`, which keeps validation messages about the field). A named
 * schema stays itself, in a union with null, so the document references it rather than a copy under its name.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const { type, $id } = schema as unknown as { type?: string; $id?: string };
  if (typeof type !== 'string' || $id !== undefined) return Type.Union([schema, Type.Null()]);
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
}

/**
 * A row id as the API takes it, in a path or a filter: a positive integer that fits PostgreSQL's `integer`, written
 * in canonical decimal (`16`; not `016`, `+16`, `1.6e1`, `0x10` or ` 16`). Path and query text is coerced to the
 * schema's integers only in that form (`installValidators`), so an id has one spelling: a path id written any other
 * way names nothing (404), a filter so written is a 422.
 */
const ID_RANGE = { minimum: 1, maximum: 2147483647 };
export const Id = Type.Integer(ID_RANGE);

/** An optional id filter of a list query, saying what it keeps. */
export function IdFilter(description: string) {
  return Type.Optional(Type.Integer({ ...ID_RANGE, description }));
}

export const IdParams = Type.Object({ id: Id });

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO-8601 UTC timestamp' });

export const HttpUrl = Type.String({ format: 'http-url', maxLength: 2048, description: 'An absolute http(s) URL' });

const ErrorBody = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { additionalProperties: true, $id: 'Error' },
);

export const MessageBody = Type.Object({ message: Type.String() }, { $id: 'Message' });

/**
 * `page` and `per_page` of a list query (docs/contract.md §1). `defaultPerPage` is what the route passes to
 * `pageRequest`; it is documented here, not applied as a schema default.
 */
export function pageQuery(defaultPerPage = DEFAULT_PER_PAGE) {
  return {
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'From 1; a page past the end is empty' }),
    ),
    per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: `Items per page, 1 to 100; ${defaultPerPage} by default` }),
    ),
  };
}

export const PageQuery = pageQuery();

/** The query of a list without filters: only the page. */
export const PageOnlyQuery = Type.Object(PageQuery);

const PageLinks = Type.Object(
  {
    first: Type.String(),
    last: Type.String(),
    prev: Nullable(Type.String()),
    next: Nullable(Type.String()),
  },
  { $id: 'PageLinks' },
);

const PageMeta = Type.Object(
  {
    current_page: Type.Integer(),
    from: Nullable(Type.Integer()),
    last_page: Type.Integer(),
    path: Type.String(),
    per_page: Type.Integer(),
    to: Nullable(Type.Integer()),
    total: Type.Integer(),
  },
  { $id: 'PageMeta' },
);

/**
 * The one list envelope of docs/contract.md §1. `extra` adds top-level members (e.g. `unread_count`). A page of a
 * named item is named after it (`ChallengePage`); one with `extra` members is named by the caller, as its shape is
 * its own.
 */
export function Page<T extends TSchema>(item: T, extra: Record<string, TSchema> = {}, name = pageName(item, extra)) {
  return Type.Object({ data: Type.Array(item), links: PageLinks, meta: PageMeta, ...extra }, name ? { $id: name } : {});
}

function pageName(item: TSchema, extra: Record<string, TSchema>): string | undefined {
  const { $id } = item as { $id?: string };
  return $id && Object.keys(extra).length === 0 ? `${$id}Page` : undefined;
}

/** Error responses a protected route can give, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}

export const UserSummary = Type.Object({ id: Type.Integer(), name: Type.String() }, { $id: 'UserSummary' });

/**
 * The `{data: …}` envelope of a single answer, for the routes added since the webhooks (docs/api.md, Webhooks; issue
 * 12), named after its item (`WebhookResponse`) for the OpenAPI document.
 */
export function Data<T extends TSchema>(item: T) {
  const { $id } = item as { $id?: string };
  return Type.Object({ data: item }, $id ? { $id: `${$id}Response` } : {});
}
