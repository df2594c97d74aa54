export { isUnreadableReason, UnreadableDocumentError, type UnreadableReason } from './errors.ts';
export {
  closeTextExtraction,
  type DocumentFile,
  EXTRACT_DEFAULTS,
  type ExtractedText,
  extractText,
} from './extract.ts';
export type { DocumentKind } from './readers.ts';
