import { type Html, html } from '../html.ts';

/** What a company without a profile sees where its work would be: why the profile matters and the way there. */
export function completeProfileCall(what: string): Html {
  return html`<section class="card callout" aria-labelledby="complete-title">
  <h2 id="complete-title">Complete your company profile first</h2>
  <p>${what} Contributors see your company's name, field and logo next to your challenges. It takes a minute.</p>
  <p><a class="button" href="/company/profile">Complete your company profile</a></p>
</section>`;
}
