import path from 'node:path';

/**
 * The public address of a company logo: `/files/logos/<file name of the storage key>` (served without auth by the
 * files routes), relative so it works behind any host; null when the company has no logo.
 */
export function logoUrl(storageKey: string | null): string | null {
  return storageKey ? `/files/logos/${path.posix.basename(storageKey)}` : null;
}
