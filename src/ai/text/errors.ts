/**
 * Why a document gave no text. Each reason carries the sentence the contributor sees on their profile, so it says
 * what is wrong and what to do instead; `detail` keeps the parser's own words for the log.
 */
export type UnreadableReason = 'no_text_layer' | 'damaged' | 'empty' | 'too_large' | 'expands_too_much' | 'timeout';

export const UNREADABLE_MESSAGES: Record<UnreadableReason, string> = {
  no_text_layer:
    'The PDF has no text layer — it looks scanned. Upload a PDF exported from a word processor, or a DOCX.',
  damaged: 'The file is damaged or password-protected.',
  empty: 'The document is empty.',
  too_large: 'The file is too large to read. Upload a CV of at most 10 MB.',
  expands_too_much:
    'The file unpacks to far more data than a CV holds, so it was not read. Export it again as PDF or DOCX and upload that.',
  timeout: 'The document took too long to read; it may be damaged. Export it again as PDF or DOCX and upload that.',
};

/**
 * The file is not a document we can read, and retrying will not change that: the CV analysis ends as `failed`
 * with `message` as its reason. File-system errors (a missing stored file) are not this error — they may pass.
 */
export class UnreadableDocumentError extends Error {
  readonly reason: UnreadableReason;
  readonly detail: string | null;

  constructor(reason: UnreadableReason, detail: string | null = null) {
    super(UNREADABLE_MESSAGES[reason]);
    this.name = 'UnreadableDocumentError';
    this.reason = reason;
    this.detail = detail;
  }
}
