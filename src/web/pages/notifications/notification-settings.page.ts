import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError, type FieldErrors } from '../../../http/app-error.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import {
  type NotificationPreference,
  preferencesOf,
  updatePreferences,
} from '../../../modules/notifications/notification-preferences.service.ts';
import type { EmailDelivery } from '../../../modules/notifications/notification-types.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';
import { csrfField, sendPage } from '../../layout.ts';
import { setFlash } from '../../session.ts';

const DELIVERY_LABELS: Record<EmailDelivery, string> = {
  instant: 'At once',
  digest: 'Daily digest',
  off: 'No e-mail',
};

function choice(preference: NotificationPreference, errors: FieldErrors | undefined): Html {
  const error = errors?.[preference.type]?.join(' ');
  return html`<fieldset class="choice-row">
  <legend>${preference.label}</legend>
  ${(Object.keys(DELIVERY_LABELS) as EmailDelivery[]).map(
    (delivery) =>
      html`<label class="choice"><input type="radio" name="${preference.type}" value="${delivery}"${preference.email === delivery ? html` checked` : ''}> ${DELIVERY_LABELS[delivery]}${preference.default_email === delivery ? html` <span class="small muted">(default)</span>` : ''}</label>`,
  )}
  ${error && html`<p class="error" role="alert">${error}</p>`}
</fieldset>`;
}

function settingsForm(
  request: FastifyRequest,
  reply: FastifyReply,
  preferences: NotificationPreference[],
  state: { errors?: FieldErrors; status?: number } = {},
) {
  return sendPage(request, reply, {
    title: 'E-mail settings',
    status: state.status,
    body: html`<h1>E-mail settings</h1>
${formErrorSummary(state.errors ? 'Please correct the choices marked below.' : null)}
<p>Every notification stays in your <a href="/notifications">notifications</a>. Here you choose which of them Guild
also e-mails you: at once, in one daily digest (sent shortly after midnight UTC with the day's notifications), or not
at all. Every e-mail links back to this page.</p>
<form method="post" action="/settings/notifications">
  ${csrfField(reply)}
  ${preferences.map((preference) => choice(preference, state.errors))}
  <button type="submit">Save e-mail settings</button>
</form>`,
  });
}

/** `GET /settings/notifications`: the signed-in user's e-mail delivery per notification type. */
export async function notificationSettingsPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
) {
  const { preferences } = await preferencesOf(deps.db, user);
  return settingsForm(request, reply, preferences);
}

/** `POST /settings/notifications`: saves the choices (the same rules as `PUT /api/notifications/preferences`). */
export async function submitNotificationSettings(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  user: AuthUser,
) {
  const { _csrf, ...choices } = (request.body ?? {}) as Record<string, unknown>;
  try {
    const pairs = Object.entries(choices).map(([type, email]) => ({ type, email }));
    await updatePreferences(deps.db, user, pairs);
  } catch (error) {
    if (error instanceof AppError && error.errors) {
      const { preferences } = await preferencesOf(deps.db, user);
      return settingsForm(request, reply, preferences, { errors: error.errors, status: 422 });
    }
    throw error;
  }
  setFlash(request, 'Your e-mail settings are saved.');
  return reply.redirect('/settings/notifications', 303);
}
