/**
 * The store could not be used for a reason that is not the request's: an object store that cannot be reached, that
 * cut a transfer or answered with a server error. The error handler turns it into a 503 with Retry-After, as it does
 * for the database; `cause` keeps the store's own error for the log.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

export function isStorageUnavailable(error: unknown): boolean {
  return error instanceof StorageUnavailableError;
}
