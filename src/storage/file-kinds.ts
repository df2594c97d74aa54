import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';

/**
 * File kinds decided from the bytes, never from the name or the declared type (docs/contract.md §4). `file-type` reads
 * the magic numbers and, for ZIP containers, the entries (so a .docx is told apart from any ZIP). Plain text has no
 * magic number: a file is text when its start decodes as UTF-8 and holds no NUL byte.
 */
export type FileKind = 'pdf' | 'doc' | 'docx' | 'zip' | 'png' | 'jpeg' | 'gif' | 'txt';

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
};

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  cfb: 'doc', // OLE2 compound file: the container of legacy Word .doc
  docx: 'docx',
  zip: 'zip',
  png: 'png',
  apng: 'png', // an animated PNG is still a PNG to every browser
  jpg: 'jpeg',
  gif: 'gif',
};

const TEXT_SAMPLE_BYTES = 64 * 1024;

export async function sniffFileKind(filePath: string): Promise<FileKind | null> {
  let detected: Awaited<ReturnType<typeof fileTypeFromFile>>;
  try {
    detected = await fileTypeFromFile(filePath);
  } catch (error) {
    // A malformed container (a broken ZIP, a PNG with impossible chunk sizes) is a file of no accepted kind, not a
    // server error. Failures to read the file itself still propagate.
    if (isFileSystemError(error)) throw error;
    return null;
  }
  if (detected) return BY_EXTENSION[detected.ext] ?? null;
  return (await looksLikeText(filePath)) ? 'txt' : null;
}

function isFileSystemError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException | null)?.syscall === 'string';
}

async function looksLikeText(filePath: string): Promise<boolean> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE_BYTES, 0);
    if (bytesRead === 0) return false;
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) return false;
    try {
      // A multi-byte character may be cut at the sample's end; allow that one partial sequence.
      new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, trimPartialUtf8(sample)));
      return true;
    } catch {
      return false;
    }
  } finally {
    await handle.close();
  }
}

function trimPartialUtf8(bytes: Buffer): number {
  let end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (needed > back) end -= back;
    }
    break;
  }
  return end;
}
