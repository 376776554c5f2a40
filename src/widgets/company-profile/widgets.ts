/**
 * The company screens' descriptors, apart from their screen code: the embed registry and the app
 * import this and load a widget's chunk only when it is shown. Two widgets, because integrators
 * mount them apart: an agency shows its profile on its own site (`company-profile`), while Add
 * Company and All Companies are the super admin's back office (`companies`). They share this
 * folder's model, API and form.
 */
import { defineWidget } from '../../runtime/widget';
import type { CompaniesProps } from './Companies';
import type { CompanyProfileProps } from './CompanyProfile';

/**
 * `company-profile`: the company profile page, and My Company Profile for its admin. Mounted
 * alone it shows the signed-in person's company, or the one given as `companyId` or `company`.
 *
 * @example
 * EstateDesk.mount(document.getElementById('about-us'), 'company-profile');
 */
export const companyProfileWidget = defineWidget<CompanyProfileProps>({
  name: 'company-profile',
  title: 'Company Profile',
  load: () => import('./CompanyProfile'),
  screens: [{ path: '/management/company/companyprofile' }, { path: '/management/user/companyprofile' }],
});

/**
 * `companies`: Add Company and All Companies, the super admin's (docs/product/screens.md, roles.md).
 *
 * @example
 * EstateDesk.mount(document.getElementById('tenants'), 'companies');
 */
export const companiesWidget = defineWidget<CompaniesProps>({
  name: 'companies',
  title: 'Companies',
  load: () => import('./Companies'),
  screens: [{ path: '/management/company/companylist' }, { path: '/management/company/addcompany' }],
});

/** Both descriptors, for the catalog. */
export const companyWidgets = [companyProfileWidget, companiesWidget] as const;
