export { UNREADABLE_MESSAGES, UnreadableDocumentError, type UnreadableReason } from './errors.ts';
export {
  type DocumentFile,
  EXTRACT_DEFAULTS,
  type ExtractedText,
  type ExtractOptions,
  extractText,
} from './extract.ts';
export type { DocumentKind } from './readers.ts';
