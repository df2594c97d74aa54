import { type Html, html } from '../html.ts';

/**
 * The profile pages' way to `/account/linkedin`, where a signed-in user connects LinkedIn (the only way a LinkedIn
 * identity joins an existing account, docs/security.md). Shown only when LinkedIn sign-in is configured.
 */
export function signInMethods(linkedinConfigured: boolean): Html {
  return linkedinConfigured
    ? html`<section class="card" aria-labelledby="sign-in-methods">
  <h2 id="sign-in-methods">Sign-in methods</h2>
  <p>You sign in with your email and password. <a href="/account/linkedin">Connect LinkedIn</a> to sign in with LinkedIn too.</p>
</section>`
    : html``;
}
