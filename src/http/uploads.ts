import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTENT_TYPES, type FileKind, sniffFileKind } from '../storage/file-kinds.ts';
import { AppError, type FieldErrors } from './app-error.ts';
import { formatFieldErrors } from './validation.ts';

/**
 * Multipart uploads: every file part is streamed to a temp file (never buffered whole), cut off at its field's size
 * limit, and its kind decided from its bytes. Routes declare what they accept in `config.uploads`; the handler
 * receives checked temp files in `request.uploads` and moves the ones it keeps into storage. Whatever is left in the
 * temp folder when the response is sent is deleted, so a failed request leaves no file behind.
 */
export type UploadRule = {
  maxBytes: number;
  kinds: readonly FileKind[];
  /** How many files the field may carry (`attachments[]`); 1 by default. */
  maxFiles?: number;
  /** The allowed kinds as people call them, with the word for such a file: "PDF, DOC or DOCX file". */
  label: string;
  /** What the field carries, as its messages name it to the sender: "your CV", "your logo". */
  noun: string;
  /** The route needs the file: without it the request is a 422 on the field, like a missing body field. */
  required?: boolean;
};

export type UploadedFile = {
  field: string;
  fileName: string;
  tempPath: string;
  size: number;
  /** SHA-256 (hex) of every byte sent, past the limit too: what idempotent requests compare. */
  sha256: string;
  kind: FileKind;
  contentType: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    uploads?: Record<string, UploadRule>;
  }
  interface FastifyRequest {
    uploads: UploadedFile[];
    uploadErrors: FieldErrors | null;
    /** Fields of file parts the route did not ask for: read past and dropped, named here so a route can refuse them. */
    ignoredFileFields: string[];
  }
}

export const MiB = 1024 * 1024;
const LARGEST_FILE = 10 * MiB;
/** Parts a body may have, whatever the route: a form has a few fields and at most ten files. */
const PART_LIMITS = { files: 20, fields: 50, parts: 100 } as const;
/** The largest text field, and the allowance for a form's text fields and part headers in a body's cap. */
const FIELD_BYTES = 1 * MiB;

/**
 * The most bytes a multipart body of this route may have: every file it takes at its limit, one more file of the
 * largest limit (so that a file over its limit, or one the route did not ask for, is still read and answered as a
 * 422 on its field), and the form's text fields. A route without files gets the allowance for one stray file.
 */
function multipartCap(request: FastifyRequest): number {
  const rules = Object.values(request.routeOptions.config?.uploads ?? {});
  const files = rules.reduce((sum, rule) => sum + rule.maxBytes * (rule.maxFiles ?? 1), 0);
  const largest = rules.length > 0 ? Math.max(...rules.map((rule) => rule.maxBytes)) : LARGEST_FILE;
  return files + largest + FIELD_BYTES;
}

function isMultipartRequest(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

/** The error handler answers a statusCode 413 as "The request body is too large." */
function bodyTooLarge(): Error {
  return Object.assign(new Error('The request body is too large.'), { statusCode: 413 });
}

/** Temp files a request created, including ones still being written, so none outlives the request. */
const tempFilesOf = new WeakMap<FastifyRequest, Set<string>>();

export async function installUploads(app: FastifyInstance, tempDir: string): Promise<void> {
  // Owner-only: temp files hold uploads (CVs) before they are kept or dropped (issue 10, low list).
  await fs.promises.mkdir(tempDir, { recursive: true, mode: 0o700 });
  app.decorateRequest('uploads', null as unknown as UploadedFile[]);
  app.decorateRequest('uploadErrors', null);
  app.decorateRequest('ignoredFileFields', null as unknown as string[]);
  app.addHook('onRequest', async (request) => {
    request.uploads = [];
    request.uploadErrors = null;
    request.ignoredFileFields = [];
  });
  // The plugin parses; reading the parts is ours (readMultipart), so that a body that cannot be read becomes a 400
  // that says why, and a limit that is hit is named, instead of the plugin's 500s and 413s.
  await app.register(multipart, {
    // A file over its field's limit is a 422 on that field (docs/contract.md §1), decided in receivePart. The plugin's
    // own error would end the request as a 413 first, so it is off; busboy still stops keeping bytes of a file past
    // LARGEST_FILE + 1 and reads the rest off the connection without storing it.
    throwFileSizeLimit: false,
    limits: { fileSize: LARGEST_FILE + 1, ...PART_LIMITS, fieldSize: FIELD_BYTES },
  });
  // The whole body's cap, checked on the declared length before a byte is read. A body without a length (chunked) is
  // read to its end instead: a file in it over its limit is a 422 on its field (docs/contract.md §1), and busboy keeps
  // no byte of a file past LARGEST_FILE + 1, so such a body costs the connection's time but no memory or disk.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!isMultipartRequest(request)) return payload;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > multipartCap(request)) {
      reply.header('connection', 'close'); // the body is not read, so the connection cannot carry another request
      throw bodyTooLarge();
    }
    return payload;
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) await readMultipart(request, tempDir);
  });
  // Temp files go as soon as the reply is on its way (the handler is done with them by then), or when the client
  // gives up first; onResponse catches a reply whose onSend never ran.
  app.addHook('onSend', async (request, _reply, payload) => {
    await discardTempFiles(request);
    return payload;
  });
  app.addHook('onRequestAbort', async (request) => discardTempFiles(request));
  app.addHook('onResponse', async (request) => discardTempFiles(request));
}

/**
 * Reads every part: fields into `request.body` (as the plugin's `keyValues` does: a value, or an array of values for
 * a repeated name), files through receivePart. A body that cannot be read is a 400 saying why; its temp files go
 * with the reply like any other.
 */
async function readMultipart(request: FastifyRequest, tempDir: string): Promise<void> {
  let fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      fields = part.fields as Record<string, unknown>;
      if (part.type === 'file') await receivePart(request, part, tempDir);
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  request.body = fieldValues(fields);
}

/** `{ name: part }` or `{ name: [parts] }` as the plugin gives them, to `{ name: value }` of the text fields. */
function fieldValues(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const values = (Array.isArray(entry) ? entry : [entry])
      .filter((part: { type?: string }) => part?.type === 'field')
      .map((part: { value: unknown }) => part.value);
    if (values.length > 0) body[name] = Array.isArray(entry) ? values : values[0];
  }
  return body;
}

const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: `The multipart body has too many files: at most ${PART_LIMITS.files} are read.`,
  FST_FIELDS_LIMIT: `The multipart body has too many fields: at most ${PART_LIMITS.fields} are read.`,
  FST_PARTS_LIMIT: `The multipart body has too many parts: at most ${PART_LIMITS.parts} are read.`,
};

/**
 * Why a multipart body could not be read, as a 400. The parser (busboy) says little: a missing boundary parameter,
 * or "unexpected end" for every body that does not reach the closing boundary of the Content-Type's boundary
 * (garbage, another boundary, a body cut off). Errors of our own (writing a temp file) pass unchanged: a 500.
 */
function multipartFailure(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof AppError || 'syscall' in error) return error;
  const code = (error as { code?: unknown }).code;
  const read = (reason: string) => new AppError('bad_request', `The multipart body could not be read: ${reason}`);
  if (typeof code === 'string' && code in LIMIT_MESSAGES) return new AppError('bad_request', LIMIT_MESSAGES[code]!);
  if (code === 'FST_MP_PREMATURE_CLOSE') return read('the request ended before the body was complete.');
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return read('a field sent as application/json is not valid JSON.');
  if (code === 'FST_PROTO_VIOLATION') return read('a field is named after a built-in property such as __proto__.');
  if (typeof code === 'string' && code.startsWith('FST_')) return error; // another of the plugin's own 4xx
  if (/boundary not found/i.test(error.message)) return read('the Content-Type header names no boundary.');
  // busboy's boundary search takes at most 256 bytes (RFC 2046 allows a boundary of 70 characters)
  if (/needle/i.test(error.message)) return read('the boundary in the Content-Type header is too long.');
  return read(
    'it does not end with the closing boundary named in the Content-Type header (the body is cut off, malformed, ' +
      'or uses another boundary).',
  );
}

function addError(request: FastifyRequest, field: string, message: string): void {
  request.uploadErrors ??= {};
  const messages = (request.uploadErrors[field] ??= []);
  if (!messages.includes(message)) messages.push(message);
}

async function receivePart(request: FastifyRequest, part: MultipartFile, tempDir: string): Promise<void> {
  const field = part.fieldname.replace(/\[\]$/, '');
  const rule = request.routeOptions.config.uploads?.[field];
  if (!rule) {
    part.file.resume(); // a file nobody asked for: read past it, keep nothing
    request.ignoredFileFields.push(field);
    return;
  }
  const maxFiles = rule.maxFiles ?? 1;
  if (uploadsOf(request, field).length >= maxFiles) {
    part.file.resume();
    addError(
      request,
      field,
      tellWhatToSend(rule, maxFiles === 1 ? 'More than one file was sent.' : `More than ${maxFiles} files were sent.`),
    );
    return;
  }

  const tempPath = path.join(tempDir, `${Date.now()}-${crypto.randomBytes(8).toString('hex')}`);
  trackTempFile(request, tempPath);
  let size = 0;
  const hash = crypto.createHash('sha256');
  try {
    await pipeline(
      part.file,
      async function* (source) {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          size += chunk.length;
          hash.update(chunk);
          // Past the limit the bytes still have to be read off the connection, but they are not written anywhere.
          if (size <= rule.maxBytes) yield chunk;
        }
      },
      fs.createWriteStream(tempPath, { mode: 0o600 }),
    );
  } catch (error) {
    await fs.promises.rm(tempPath, { force: true });
    throw error;
  }

  // A browser sends an empty, nameless part for a file input left empty: that is no file at all.
  if (size === 0 && !part.filename) {
    await fs.promises.rm(tempPath, { force: true });
    return;
  }
  const upload: UploadedFile = {
    field,
    fileName: safeFileName(part.filename),
    tempPath,
    size,
    sha256: hash.digest('hex'),
    kind: 'txt',
    contentType: '',
  };
  request.uploads.push(upload);
  const file = part.filename ? `"${upload.fileName}"` : 'The file';
  if (size > rule.maxBytes || part.file.truncated) {
    addError(request, field, tellWhatToSend(rule, `${file} is larger than ${formatSize(rule.maxBytes)}.`));
    return;
  }
  if (size === 0) {
    addError(request, field, tellWhatToSend(rule, `${file} is empty.`));
    return;
  }
  const kind = await sniffFileKind(tempPath);
  if (!kind || !rule.kinds.includes(kind)) {
    addError(request, field, tellWhatToSend(rule, `${file} is not a ${rule.label}.`));
    return;
  }
  upload.kind = kind;
  upload.contentType = CONTENT_TYPES[kind];
}

/**
 * The file fields of a route as a multipart/form-data schema for the OpenAPI document, read from the same rules
 * that check the files. A field taking several files is named `field[]`, as browsers and the API send it.
 */
export function uploadFieldsSchema(uploads: Record<string, UploadRule>) {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const [field, rule] of Object.entries(uploads)) {
    const maxFiles = rule.maxFiles ?? 1;
    const name = maxFiles > 1 ? `${field}[]` : field;
    const limits = `${rule.label} (its kind decided from its bytes) of at most ${formatSize(rule.maxBytes)}`;
    properties[name] =
      maxFiles > 1
        ? {
            type: 'array',
            items: { type: 'string', format: 'binary' },
            maxItems: maxFiles,
            description: `Up to ${maxFiles} files, each a ${limits}`,
          }
        : { type: 'string', format: 'binary', description: `A ${limits}` };
    if (rule.required) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 && { required }) };
}

/**
 * An upload problem as a person can act on it: what was wrong with what they sent, then what to send instead
 * ("\"cv.png\" is not a PDF, DOC or DOCX file. Upload your CV as a PDF, DOC or DOCX file, up to 10 MB.").
 */
function tellWhatToSend(rule: UploadRule, problem: string): string {
  return `${problem} ${whatToSend(rule)}`;
}

/** The field's kinds and limits as an instruction: "Upload your CV as a PDF, DOC or DOCX file, up to 10 MB." */
export function whatToSend(rule: UploadRule): string {
  const size = formatSize(rule.maxBytes);
  const maxFiles = rule.maxFiles ?? 1;
  return maxFiles === 1
    ? `Upload ${rule.noun} as a ${rule.label}, up to ${size}.`
    : `Attach ${rule.noun}: up to ${maxFiles} files, each a ${rule.label} of up to ${size}.`;
}

function formatSize(bytes: number): string {
  return bytes >= MiB ? `${Number((bytes / MiB).toFixed(2))} MB` : `${Number((bytes / 1024).toFixed(2))} KB`;
}

/** Throws the collected upload problems, and missing required files, as a 422; upload routes call it first. */
export function assertUploadsValid(request: FastifyRequest): void {
  for (const [field, rule] of Object.entries(request.routeOptions.config.uploads ?? {})) {
    if (rule.required && uploadsOf(request, field).length === 0) {
      addError(request, field, tellWhatToSend(rule, 'No file was sent.'));
    }
  }
  if (request.uploadErrors) {
    const { message, errors } = formatFieldErrors(request.uploadErrors);
    throw new AppError('validation', message, { errors });
  }
}

export function uploadsOf(request: FastifyRequest, field: string): UploadedFile[] {
  return request.uploads.filter((upload) => upload.field === field);
}

function trackTempFile(request: FastifyRequest, tempPath: string): void {
  let paths = tempFilesOf.get(request);
  if (!paths) tempFilesOf.set(request, (paths = new Set()));
  paths.add(tempPath);
}

/** Removing is idempotent: a file the handler already moved into storage is simply gone from the temp folder. */
async function discardTempFiles(request: FastifyRequest): Promise<void> {
  const paths = tempFilesOf.get(request);
  if (!paths) return;
  tempFilesOf.delete(request);
  await Promise.all([...paths].map((tempPath) => fs.promises.rm(tempPath, { force: true })));
}

/**
 * The name as shown to people: no directories, no control or bidirectional-override characters (which can disguise
 * an extension), at most 255 characters.
 */
export function safeFileName(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return [...(clean || 'file')].slice(0, 255).join('');
}
