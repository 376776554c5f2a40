/**
 * The list's view-details modal (docs/product/screens.md): the company fetched by id and shown as
 * its profile; "Failed to fetch company details" when that fails.
 */
import type { ReactElement } from 'react';
import { MESSAGES, type Company } from '../../contract';
import { useQuery, useToast } from '../../runtime';
import { Button, ErrorState, LoadingState, Modal } from '../../ui';
import type { CompaniesApi } from './companiesApi';
import { companyKeys } from './companyModel';
import { ProfileView } from './ProfileView';

export interface ViewCompanyModalProps {
  company: Company | null;
  onClose(): void;
  api: CompaniesApi;
}

export function ViewCompanyModal({ company, onClose, api }: ViewCompanyModalProps): ReactElement {
  const toast = useToast();
  const details = useQuery(company ? companyKeys.one(company.id) : null, (signal) => api.get(company!.id, signal), {
    onError: (error) => {
      console.error(error);
      toast.error(MESSAGES.companies.detailsFailed);
    },
  });
  let body: ReactElement;
  if (details.data) body = <ProfileView company={details.data} />;
  else if (details.status === 'error') body = <ErrorState message={MESSAGES.companies.detailsFailed} onRetry={details.refetch} />;
  else body = <LoadingState label={MESSAGES.generic.loading} size="inline" />;
  return (
    <Modal
      open={company !== null}
      onClose={onClose}
      title={company?.display_name?.trim() || 'Company details'}
      width={960}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div style={{ display: 'grid', gap: 16 }}>{body}</div>
    </Modal>
  );
}
