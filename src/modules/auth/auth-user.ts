import type { AccountType } from '../../db/schema.ts';

/** Who a request's bearer token speaks for (request.user), as the token lookup and its cache give it. */
export type AuthUser = {
  id: number;
  name: string;
  email: string;
  account_type: AccountType;
  token_id: number;
  /**
   * When the account was made (never changes): with the fields above, what `GET /api/user` answers, so that the
   * most frequent call answers from the token lookup alone (issue 11).
   */
  created_at: string;
  /**
   * The id of the caller's company (company accounts) or contributor profile (contributors) when the token was read,
   * so that most requests find "the caller as a company/contributor" without a query (`companyIdOf`,
   * `volunteerIdOf`). Null when there was none then: those look again, as a profile may have been completed since. A
   * profile row is never deleted nor moved to another user while its user exists, so an id found stays true.
   */
  profile_id: number | null;
};
