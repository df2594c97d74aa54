import crypto from 'node:crypto';
import type { FileKind } from '../../storage/file-kinds.ts';

/**
 * Company logos are the only stored files anyone may fetch without a token. They live under `logos/` with a random,
 * never reused name whose extension comes from the sniffed kind, so the public route can check a name with one
 * pattern, derive its content type from it, and let browsers cache it for good. CVs and attachments live under other
 * prefixes and have no public route.
 */
const LOGO_PREFIX = 'logos/';
const LOGO_EXTENSIONS = { png: 'png', jpeg: 'jpg', gif: 'gif' } as const satisfies Partial<Record<FileKind, string>>;
export type LogoKind = keyof typeof LOGO_EXTENSIONS;

export const LOGO_KINDS = Object.keys(LOGO_EXTENSIONS) as LogoKind[];

/** A logo file name as it appears in a URL: 32 hex characters and one of the logo extensions. */
export const LOGO_NAME_PATTERN = '^[0-9a-f]{32}\\.(png|jpg|gif)$';

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/** The storage key for a new logo of the given (sniffed) kind. */
export function newLogoKey(kind: LogoKind): string {
  return `${LOGO_PREFIX}${crypto.randomBytes(16).toString('hex')}.${LOGO_EXTENSIONS[kind]}`;
}

/**
 * The URL a browser opens for a stored logo. Relative to the service's origin (like the `Location` of
 * submit-solution), so it stays right behind any proxy or host name.
 */
export function logoUrlOf(storageKey: string | null): string | null {
  if (!storageKey?.startsWith(LOGO_PREFIX)) return null;
  return `/files/${storageKey}`;
}

/** The storage key and content type behind a public logo name, or null when the name is not a logo name. */
export function logoFileOf(name: string): { key: string; contentType: string } | null {
  if (!new RegExp(LOGO_NAME_PATTERN).test(name)) return null;
  const extension = name.slice(name.lastIndexOf('.') + 1);
  return { key: `${LOGO_PREFIX}${name}`, contentType: CONTENT_TYPE_BY_EXTENSION[extension] };
}
