import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type DocumentKind, type ExtractedText, extractText, UnreadableDocumentError } from '../../ai/text/index.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

const DOCUMENT_KINDS: readonly string[] = ['pdf', 'doc', 'docx'] satisfies DocumentKind[];

/**
 * The text of a stored CV. Storage may be remote, so the file is copied to a temp file for the parsers and removed
 * afterwards. The kind is the one sniffed from the bytes at upload, recorded as the key's extension
 * (`cvs/<volunteer>/<random>.<kind>`, volunteers.service): re-sniffing a damaged file here could only do worse.
 */
export async function readStoredCv(storage: FileStorage, key: string): Promise<ExtractedText> {
  const kind = path.extname(key).slice(1);
  if (!DOCUMENT_KINDS.includes(kind)) throw new UnreadableDocumentError('damaged', `stored as "${kind}"`);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'guild-cv-'));
  try {
    const file = path.join(dir, `cv.${kind}`);
    await pipeline(storage.read(key), fs.createWriteStream(file));
    return await extractText({ path: file, kind: kind as DocumentKind });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
