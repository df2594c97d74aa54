import type { Db } from '../../db/database.ts';
import { AppError, type FieldErrors } from '../../http/app-error.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { findPreferences, listPreferences, savePreferences } from './notification-preferences.repository.ts';
import {
  EMAIL_DELIVERIES,
  type EmailDelivery,
  isNotificationTypeName,
  NOTIFICATION_TYPE_NAMES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from './notification-types.ts';

const isDelivery = (value: unknown): value is EmailDelivery => EMAIL_DELIVERIES.includes(value as EmailDelivery);

/**
 * How each new notification reaches its recipient by e-mail, in their order: the recipient's choice for its type, or
 * the delivery given (the type's default). One statement for all of them.
 */
export async function emailDeliveriesOf(
  db: Db,
  notifications: ReadonlyArray<{ userId: number; type: string; defaultDelivery: EmailDelivery }>,
): Promise<EmailDelivery[]> {
  const chosen = await findPreferences(
    db,
    notifications.map((notification) => notification.userId),
    notifications.map((notification) => notification.type),
  );
  const choiceOf = new Map(chosen.map((row) => [`${row.user_id} ${row.type}`, row.email]));
  return notifications.map(({ userId, type, defaultDelivery }) => {
    const choice = choiceOf.get(`${userId} ${type}`);
    return isDelivery(choice) ? choice : defaultDelivery;
  });
}

export type NotificationPreference = {
  type: NotificationType;
  label: string;
  email: EmailDelivery;
  default_email: EmailDelivery;
};

/** Every notification type with the caller's e-mail delivery for it, in the registry's order. */
export async function preferencesOf(db: Db, caller: AuthUser): Promise<{ preferences: NotificationPreference[] }> {
  const chosen = new Map((await listPreferences(db, caller.id)).map((row) => [row.type, row.email]));
  return {
    preferences: NOTIFICATION_TYPE_NAMES.map((type) => {
      const { label, email } = NOTIFICATION_TYPES[type];
      const choice = chosen.get(type);
      return { type, label, email: isDelivery(choice) ? choice : email, default_email: email };
    }),
  };
}

/**
 * Changes the caller's delivery for the types given; the others keep theirs. Every problem at
 * once, each on its type: an unknown type is refused rather than ignored, so that a typo is not silently dropped.
 */
export async function updatePreferences(
  db: Db,
  caller: AuthUser,
  choices: ReadonlyArray<{ type: string; email: unknown }>,
) {
  const errors: FieldErrors = {};
  const valid: Array<{ type: string; email: string }> = [];
  for (const { type, email } of choices) {
    if (!isNotificationTypeName(type)) {
      errors[type] = [`There is no notification type ${type}. The types are: ${NOTIFICATION_TYPE_NAMES.join(', ')}.`];
    } else if (!isDelivery(email)) {
      errors[type] = [`The e-mail delivery of ${type} must be one of: ${EMAIL_DELIVERIES.join(', ')}.`];
    } else valid.push({ type, email });
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', Object.values(errors)[0][0], { errors });
  await db.transaction().execute((trx) => savePreferences(trx, caller.id, valid, new Date().toISOString()));
  return preferencesOf(db, caller);
}
