/**
 * What the owning company may do to its challenge, by status (seed "States and transitions", contract §4).
 * The analysis pipeline moves challenges between the other statuses; these are the moves the API makes.
 */
export const EDITABLE_STATUSES = ['submitted', 'analyzing'] as const;

export const ARCHIVED = 'archived';

export function isEditable(status: string): boolean {
  return (EDITABLE_STATUSES as readonly string[]).includes(status);
}

/** The 403 of every change another company tries, here and on the assignments of the challenge. */
export const NOT_OWNER_MESSAGE = 'Only the company that owns this challenge can do this.';

export const NOT_EDITABLE_MESSAGE =
  'This challenge can no longer be edited: only submitted challenges or challenges under analysis can be changed.';
