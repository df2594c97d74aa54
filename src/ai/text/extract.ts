import fs from 'node:fs';
import { DocumentReader } from './document-reader.ts';
import { UnreadableDocumentError } from './errors.ts';
import { normalizeText } from './normalize.ts';
import type { DocumentKind } from './readers.ts';

export type DocumentFile = { path: string; kind: DocumentKind };

export type ExtractedText = {
  /** Normalised text: NFKC, one space between words, trimmed lines, no blank lines. */
  text: string;
  kind: DocumentKind;
  /** Pages in a PDF; null for Word files, which have no fixed pages. */
  pages: number | null;
  /** True when only the first `maxPages` pages or `maxCharacters` characters were kept. */
  truncated: boolean;
};

export type ExtractOptions = {
  /** Larger files are refused before any parsing (uploads stop at 10 MiB already). */
  maxBytes?: number;
  /** PDF pages read; the rest of a longer file is ignored. */
  maxPages?: number;
  /** Characters kept of the normalised text. */
  maxCharacters?: number;
  /** Time one document may take to parse before it counts as unreadable. */
  timeoutMs?: number;
};

const EXTRACT_DEFAULTS: Required<ExtractOptions> = {
  maxBytes: 10 * 1024 * 1024,
  maxPages: 30,
  maxCharacters: 100_000,
  timeoutMs: 20_000,
};

let sharedReader: DocumentReader | null = null;

/**
 * The text of a CV file whose kind was decided from its bytes. A file that cannot be read ends as an
 * `UnreadableDocumentError` whose message the contributor sees; errors reading the stored file itself (it is
 * missing, the disk failed) propagate unchanged, because a later attempt may succeed.
 */
export async function extractText(file: DocumentFile, options: ExtractOptions = {}): Promise<ExtractedText> {
  const limits = { ...EXTRACT_DEFAULTS, ...options };
  const { size } = await fs.promises.stat(file.path);
  if (size > limits.maxBytes) throw new UnreadableDocumentError('too_large', `${size} bytes`);
  if (size === 0) throw new UnreadableDocumentError('empty', 'zero-byte file');
  const data = await fs.promises.readFile(file.path);
  sharedReader ??= new DocumentReader();
  const raw = await sharedReader.read({
    kind: file.kind,
    data,
    limits: { maxPages: limits.maxPages },
    timeoutMs: limits.timeoutMs,
  });
  const normalized = normalizeText(raw.text);
  const text = normalized.slice(0, limits.maxCharacters);
  return {
    text,
    kind: file.kind,
    pages: raw.pages,
    truncated: raw.truncatedPages || text.length < normalized.length,
  };
}
