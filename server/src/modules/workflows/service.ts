/** A company's workflow statuses (the lead tabs) as the routes ask for them. */
import type { Deps } from '../../types';
import { isAllContacts, listCompanyWorkflows, type WorkflowRow } from './repository';

/** The company's statuses in tab order, All Contacts first. */
export const companyWorkflows = (deps: Pick<Deps, 'db'>, companyId: number): Promise<WorkflowRow[]> => listCompanyWorkflows(deps.db, companyId);

/** The statuses a lead may hold: every one but All Contacts, in tab order. */
export const leadStatuses = async (deps: Pick<Deps, 'db'>, companyId: number): Promise<WorkflowRow[]> =>
  (await listCompanyWorkflows(deps.db, companyId)).filter((w) => !isAllContacts(w));
