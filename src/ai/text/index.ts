export { UNREADABLE_MESSAGES, UnreadableDocumentError, type UnreadableReason } from './errors.ts';
export {
  type DocumentFile,
  type ExtractedText,
  extractText,
} from './extract.ts';
export type { DocumentKind } from './readers.ts';
