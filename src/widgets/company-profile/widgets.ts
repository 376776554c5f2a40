/**
 * The company screens' descriptors, apart from their screen code: the embed registry and the app
 * import this and load a widget's chunk only when it is shown. Two widgets, because integrators
 * mount them apart: an agency shows its profile on its own site (`company-profile`), while Add
 * Company and All Companies are the super admin's back office (`companies`). They share this
 * folder's model, API and form.
 */
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { CompaniesProps } from './Companies';
import type { CompanyProfileProps } from './CompanyProfile';

/** The company profile page, and My Company Profile (in the sidebar) for the signed-in person's company. */
export const COMPANY_PROFILE_SCREENS = defineScreens({
  profile: { path: '/management/company/companyprofile', title: 'Company Profile' },
  mine: { path: '/management/user/companyprofile', title: 'Company Profile', nav: { group: 'management.user', order: 2 } },
});

/** The super admin's area (docs/product/screens.md): the full app sends everyone else to /dashboard. */
export const COMPANIES_SCREENS = defineScreens({
  list: {
    path: '/management/company/companylist',
    title: 'All Companies',
    access: 'super-admin',
    nav: { group: 'management.company', order: 2 },
  },
  add: {
    path: '/management/company/addcompany',
    title: 'Add Company',
    access: 'super-admin',
    nav: { group: 'management.company', order: 1 },
  },
});

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
  screens: COMPANY_PROFILE_SCREENS,
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
  screens: COMPANIES_SCREENS,
});

/** Both descriptors, for the catalog. */
export const companyWidgets = [companyProfileWidget, companiesWidget] as const;
