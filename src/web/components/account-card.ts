import { type Html, html } from '../html.ts';

/**
 * The profile pages' account card: how the member signs in, with the way to `/account/linkedin` where a signed-in
 * user connects LinkedIn (the only way a LinkedIn identity joins an existing account, docs/security.md; shown only
 * when LinkedIn sign-in is configured), and the way to "Sign out everywhere" (issue 13, item 4). That is here, not
 * beside "Sign out" in the header, which it would push onto a second line on desktop.
 */
export function accountCard(linkedinConfigured: boolean): Html {
  return html`<section class="card" aria-labelledby="account-title">
  <h2 id="account-title">Your account</h2>
  ${linkedinConfigured && html`<p>You sign in with your email and password. <a href="/account/linkedin">Connect LinkedIn</a> to sign in with LinkedIn too.</p>`}
  <p>“Sign out” in the menu signs you out of this browser only. Signed in somewhere you should not be, or think a
  token leaked? <a href="/account/sign-out-everywhere">Sign out everywhere…</a></p>
</section>`;
}
