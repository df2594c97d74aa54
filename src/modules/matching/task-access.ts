import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { findCompanyByUserId } from '../companies/companies.repository.ts';
import { findTask } from '../tasks/tasks.repository.ts';

/**
 * A task of the caller's own challenges, with the company's name. Its candidates and invitations are the owning
 * company's business alone: any other caller gets 404, as if the task did not exist (the account type's 403 comes
 * first, at the route).
 */
export async function findOwnedTask(db: Db, caller: AuthUser, taskId: number) {
  const [task, company] = await Promise.all([findTask(db, taskId), findCompanyByUserId(db, caller.id)]);
  if (!task || !company || task.challenge_company_id !== company.id) throw AppError.notFound('Task');
  return { task, companyName: company.company_name };
}
