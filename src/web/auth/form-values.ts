/** Reading the plain (url-encoded) forms of the sign-in pages. */
type Form = Record<string, string | undefined>;

/** A field of a posted form as text ('' when missing or not text). */
export function formText(body: unknown, name: string): string {
  const value = (body as Form | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** Only local paths: `next` must never send a person to another site after signing in. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/(?!\/)[^\s\\]*$/.test(next) ? next : '/dashboard';
}
