/**
 * The company calls' paths, apart from the schemas of companies.ts.
 */
import type { Id } from './common';

export const COMPANY_PATHS = {
  list: '/company',
  create: '/company',
  one: (id: Id) => `/company/${id}`,
  /**
   * Beyond the original description: replaces any of the company's icon, logo and cover photo
   * (multipart, one file per field, at least one). The super admin for any company, a company admin
   * for their own; answers the updated company like GET.
   */
  media: (id: Id) => `/company/${id}/media`,
} as const;
