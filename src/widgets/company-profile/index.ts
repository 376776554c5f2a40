/**
 * `estatedesk/widgets/company-profile`: the company screens for React hosts — `CompanyProfile`
 * (the profile page and My Company Profile; an agency's own "about us") and `Companies` (the super
 * admin's Add Company and All Companies). The same wrapped widgets as the package root's.
 *
 * @example
 * import { EstateDeskProvider } from 'estatedesk';
 * import { CompanyProfile } from 'estatedesk/widgets/company-profile';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><CompanyProfile /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { companiesWidget, companyProfileWidget } from './widgets';

export { companiesWidget, companyProfileWidget, companyWidgets } from './widgets';
export type { CompaniesProps } from './Companies';
export type { CompanyProfileProps } from './CompanyProfile';

/** The company profile page (the signed-in person's company, or `companyId` / `company`). */
export const CompanyProfile = /* @__PURE__ */ widgetComponent(companyProfileWidget);
/** Add Company and All Companies, for the super admin. */
export const Companies = /* @__PURE__ */ widgetComponent(companiesWidget);
