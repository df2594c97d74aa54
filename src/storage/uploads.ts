import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type FieldErrors } from '../http/app-error.ts';
import { humanize } from '../http/validation.ts';
import { CONTENT_TYPES, type FileKind, sniffFileKind } from './file-kinds.ts';

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
  /** How people call the allowed kinds in messages, e.g. "pdf, doc, docx". */
  label: string;
};

export type UploadedFile = {
  field: string;
  fileName: string;
  tempPath: string;
  size: number;
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
  }
}

export const MiB = 1024 * 1024;
const LARGEST_FILE = 10 * MiB;

export async function installUploads(app: FastifyInstance, tempDir: string): Promise<void> {
  await fs.promises.mkdir(tempDir, { recursive: true });
  app.decorateRequest('uploads', null as unknown as UploadedFile[]);
  app.decorateRequest('uploadErrors', null);
  app.addHook('onRequest', async (request) => {
    request.uploads = [];
    request.uploadErrors = null;
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // busboy stops a file at this size and discards the rest of it; the per-field limit is checked while streaming.
    limits: { fileSize: LARGEST_FILE + 1, files: 20, fields: 50, fieldSize: 1 * MiB, parts: 100 },
    onFile(this: FastifyRequest, part: MultipartFile) {
      return receivePart(this, part, tempDir);
    },
  });
  app.addHook('onResponse', async (request) => {
    await discardUploads(request.uploads);
  });
}

function addError(request: FastifyRequest, field: string, message: string): void {
  request.uploadErrors ??= {};
  (request.uploadErrors[field] ??= []).includes(message) || request.uploadErrors[field].push(message);
}

async function receivePart(request: FastifyRequest, part: MultipartFile, tempDir: string): Promise<void> {
  const field = part.fieldname.replace(/\[\]$/, '');
  const rule = request.routeOptions.config.uploads?.[field];
  if (!rule) {
    part.file.resume(); // a file nobody asked for: read past it, keep nothing
    return;
  }
  if (request.uploads.filter((upload) => upload.field === field).length >= (rule.maxFiles ?? 1)) {
    part.file.resume();
    addError(request, field, `The ${humanize(field)} may have at most ${rule.maxFiles ?? 1} file(s).`);
    return;
  }

  const tempPath = path.join(tempDir, `${Date.now()}-${crypto.randomBytes(8).toString('hex')}`);
  let size = 0;
  let tooLarge = false;
  part.file.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > rule.maxBytes) tooLarge = true;
  });
  // Past the limit the bytes still have to be read off the connection, but they are not written anywhere.
  await pipeline(
    part.file,
    async function* (source) {
      for await (const chunk of source) if (!tooLarge) yield chunk;
    },
    fs.createWriteStream(tempPath),
  );

  const upload = {
    field,
    fileName: safeFileName(part.filename),
    tempPath,
    size,
    kind: 'txt' as FileKind,
    contentType: '',
  };
  request.uploads.push(upload);
  if (tooLarge || part.file.truncated) {
    addError(request, field, `The ${humanize(field)} must not be greater than ${rule.maxBytes / MiB} MB.`);
    return;
  }
  if (size === 0) {
    addError(request, field, `The ${humanize(field)} must not be empty.`);
    return;
  }
  const kind = await sniffFileKind(tempPath);
  if (!kind || !rule.kinds.includes(kind)) {
    addError(request, field, `The ${humanize(field)} must be a file of type: ${rule.label}.`);
    return;
  }
  upload.kind = kind;
  upload.contentType = CONTENT_TYPES[kind];
}

/** Throws the collected upload problems as a 422; called by the upload routes before their handler. */
export function assertUploadsValid(request: FastifyRequest): void {
  if (request.uploadErrors) {
    const [first] = Object.values(request.uploadErrors).flat();
    throw new AppError('validation', first, { errors: request.uploadErrors });
  }
}

export function uploadsOf(request: FastifyRequest, field: string): UploadedFile[] {
  return request.uploads.filter((upload) => upload.field === field);
}

async function discardUploads(uploads: UploadedFile[] | null): Promise<void> {
  if (!uploads) return;
  await Promise.all(uploads.map((upload) => fs.promises.rm(upload.tempPath, { force: true })));
}

/** The name as shown to people: no directories, no control characters, at most 255 characters. */
function safeFileName(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, 255);
}
