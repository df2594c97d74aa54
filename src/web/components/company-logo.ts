import { type Html, html } from '../html.ts';

type LogoOwner = { readonly company_name: string; readonly logo_url: string | null };

/**
 * The company's logo beside its name on challenge and task cards and pages; a company without one gets its initials
 * on a plain tile, so the cards line up either way. The name is always written next to it, so the logo repeats it
 * (alt text "… logo") and the initials tile is hidden from screen readers.
 */
export function companyLogo(company: LogoOwner, size: 'small' | 'large' = 'small'): Html {
  const pixels = size === 'small' ? 32 : 64;
  if (company.logo_url) {
    return html`<img class="logo ${size}" src="${company.logo_url}" alt="${company.company_name} logo" width="${pixels}" height="${pixels}">`;
  }
  const initials = company.company_name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return html`<span class="logo initials ${size}" aria-hidden="true">${initials}</span>`;
}
