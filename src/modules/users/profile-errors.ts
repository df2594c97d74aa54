import type { AccountType } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * How a missing or repeated profile answers, worded once for both account types:
 * - 404 when the caller reads or changes their own profile before completing it;
 * - 403 when an action needs a completed profile (submitting a challenge, an idea, a vote);
 * - 422 when complete-profile is called a second time.
 * Lists of the caller's own things do not fail for want of a profile: they are empty.
 */
const PROFILES: Record<AccountType, { name: string; completeWith: string }> = {
  contributor: { name: 'contributor profile', completeWith: 'POST /api/volunteers/complete-profile' },
  company: { name: 'company profile', completeWith: 'POST /api/companies/complete-profile' },
};

export function profileNotFound(type: AccountType): AppError {
  const { name, completeWith } = PROFILES[type];
  const title = name[0].toUpperCase() + name.slice(1);
  return new AppError('not_found', `${title} not found. Complete it first with ${completeWith}.`);
}

/** `action` completes the sentence "Complete your … profile with … before <action>." */
export function profileRequired(type: AccountType, action: string): AppError {
  const { name, completeWith } = PROFILES[type];
  return AppError.forbidden(`Complete your ${name} with ${completeWith} before ${action}.`);
}

export function profileAlreadyCompleted(type: AccountType): AppError {
  return AppError.invalidState(`You have already completed your ${PROFILES[type].name}.`);
}
