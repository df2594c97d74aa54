import { parsePage } from '../helpers/page.ts';

/** Reading the auth pages in HTTP-level tests: the token the layout hands over, the message next to a field. */
export { PASSWORD } from './contributor-session.ts';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${process.pid}-${++counter}@example.test`;
}

/** The token the layout writes to localStorage.api_token, or null when the page removes it (signed out). */
export function pageToken(page: string): string | null {
  const written = /localStorage\.setItem\('api_token', "([^"]+)"\)/.exec(page);
  if (written) return written[1];
  if (!page.includes("localStorage.removeItem('api_token')"))
    throw new Error('the page neither sets nor removes the token');
  return null;
}

/** The validation message shown next to a form field, as the parsed page shows it. */
export function errorNextTo(page: string, field: string): string {
  return parsePage(page).fieldError(field);
}
