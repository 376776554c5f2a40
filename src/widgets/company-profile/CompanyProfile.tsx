/**
 * The company profile (docs/product/screens.md; both /management/company/companyprofile and
 * /management/user/companyprofile). Its data (docs/product/rules.md): the company handed in
 * (navigation data; a host passes `company`), else fetched by `companyId` or the session's stored
 * company id, else the session's cached company data when the fetch fails. "Loading company
 * profile..." while it loads; "No company data available." when there is nothing to show. The super
 * admin, or a company admin on their own company, edits it from here (My Company Profile).
 */
import { useEffect, useState, type ReactElement } from 'react';
import { Company, MESSAGES, USER_TYPES, type Id } from '../../contract';
import { isApiError } from '../../core';
import { useLiveReload, useQuery, useSession } from '../../runtime';
import { Button, EmptyState, ErrorState, Icon, LoadingState } from '../../ui';
import { cx } from '../../ui/css';
import { useCompaniesApi } from './companiesApi';
import { companyKeys, isOwnCompany } from './companyModel';
import { companyStyles } from './companyStyles';
import { EditCompanyProfile } from './EditCompanyProfile';
import { ProfileView } from './ProfileView';

export interface CompanyProfileProps {
  /** The company to show as it is (navigation data), without fetching it. */
  company?: Company;
  /** The company to fetch; default: the signed-in person's own (the stored company id). */
  companyId?: Id;
  /** Extra class on the widget's root. */
  className?: string;
}

/** The session's cached company data when it is a company (and, given an id, that one). */
function cachedCompany(data: unknown, id: Id | null): Company | null {
  const parsed = Company.safeParse(data);
  if (!parsed.success) return null;
  return id === null || String(parsed.data.id) === String(id) ? parsed.data : null;
}

/**
 * @example
 * <RuntimeProvider runtime={runtime}><CompanyProfile /></RuntimeProvider>
 */
export function CompanyProfile({ company: given, companyId, className }: CompanyProfileProps): ReactElement {
  const api = useCompaniesApi();
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<Company | null>(null);
  const id: Id | null = given?.id ?? companyId ?? session.companyId;
  const result = useQuery(given || id === null ? null : companyKeys.one(id), (signal) => api.get(id!, signal), {
    onError: (error) => console.error(MESSAGES.companies.loadFailed, error),
  });
  // The profile as shown follows a colleague's change; the edit form (EditCompanyProfile) is not reloaded under the person.
  useLiveReload(['company'], editing || id === null ? [] : [companyKeys.one(id)]);
  const fresh = result.data;
  const { setCompanyData, companyId: ownId } = session;
  // The own company fetched here refreshes the session's cache (the fallback, and the brand).
  useEffect(() => {
    if (fresh && isOwnCompany(fresh, ownId)) setCompanyData(fresh);
  }, [fresh, ownId, setCompanyData]);

  const cached = cachedCompany(session.companyData, id);
  const failed = result.status === 'error';
  const missing = failed && isApiError(result.error) && (result.error.status === 404 || result.error.status === 403);
  const company = (saved && (id === null || String(saved.id) === String(id)) ? saved : null) ?? given ?? fresh ?? (failed && !missing ? cached : null) ?? (id === null ? cached : null);
  const userType = session.user?.user_type;
  const canEdit = !!company && userType !== 'agent' && (userType === USER_TYPES[0] || isOwnCompany(company, ownId));
  const own = isOwnCompany(company, ownId);
  const s = companyStyles();

  let content: ReactElement;
  if (company && editing) {
    content = (
      <EditCompanyProfile
        company={company}
        onDone={(next) => {
          if (next) setSaved(next);
          setEditing(false);
        }}
      />
    );
  } else if (company) {
    content = (
      <>
        {failed && !given && !fresh && (
          <p className={s.notice} role="status">
            {MESSAGES.companies.loadFailed} Showing the copy saved on this device.
          </p>
        )}
        <ProfileView company={company} />
      </>
    );
  } else if (id === null) {
    content = <EmptyState icon="inbox" title={MESSAGES.companies.noData} description={MESSAGES.companies.companyIdNotFound} />;
  } else if (missing) {
    content = <EmptyState icon="inbox" title={MESSAGES.companies.noData} />;
  } else if (failed) {
    content = <ErrorState message={MESSAGES.companies.loadFailed} onRetry={result.refetch} />;
  } else {
    content = <LoadingState label={MESSAGES.companies.loadingProfile} />;
  }

  return (
    <div className={cx(s.page, className)}>
      <div className={s.header}>
        <h2 className={s.heading}>{editing ? (own ? 'My Company Profile' : 'Edit Company Profile') : 'Company Profile'}</h2>
        {canEdit && !editing && (
          <Button icon={<Icon name="edit" size={16} />} onClick={() => setEditing(true)}>
            {own ? 'Edit My Company Profile' : 'Edit Company Profile'}
          </Button>
        )}
      </div>
      {content}
    </div>
  );
}

export default CompanyProfile;
