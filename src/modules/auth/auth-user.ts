import type { AccountType } from '../../db/schema.ts';

/** Who a request's bearer token speaks for (request.user), as the token lookup and its cache give it. */
export type AuthUser = {
  id: number;
  name: string;
  email: string;
  account_type: AccountType;
  token_id: number;
};
