/**
 * The super admin's company screens (docs/product/screens.md): All Companies and Add Company,
 * routed by the widget itself. Only the super admin manages companies (docs/product/roles.md): the
 * full app sends company admins to the dashboard; mounted alone, the widget says so to anyone else.
 */
import type { ReactElement } from 'react';
import { USER_TYPES } from '../../contract';
import { Route, Switch, useSession } from '../../runtime';
import { EmptyState } from '../../ui';
import { cx } from '../../ui/css';
import { AddCompany } from './AddCompany';
import { CompanyList } from './CompanyList';
import { companyStyles } from './companyStyles';
import { COMPANIES_SCREENS } from './widgets';

export interface CompaniesProps {
  /** Extra class on the widget's root. */
  className?: string;
}

/**
 * @example
 * <RuntimeProvider runtime={runtime}><Companies /></RuntimeProvider>
 */
export function Companies({ className }: CompaniesProps): ReactElement {
  const userType = useSession((s) => s.user?.user_type ?? null);
  const s = companyStyles();
  if (userType !== USER_TYPES[0]) {
    return (
      <div className={cx(s.page, className)}>
        <EmptyState icon="alert" title="Companies are managed by the super admin" description="Sign in as the super admin to add or manage companies." />
      </div>
    );
  }
  return (
    <div className={cx(s.page, className)}>
      <Switch>
        <Route path={COMPANIES_SCREENS.add.path} component={AddCompany} />
        <Route>
          <CompanyList />
        </Route>
      </Switch>
    </div>
  );
}

export default Companies;
