/**
 * All Companies (docs/product/screens.md, /management/company/companylist, the super admin's): the
 * table with Company Name, Logo, Founded, Office Address, Location (city, postal code, country),
 * Type, Operating States, Operating Cities, Inventory Categories and Actions (view details, edit,
 * delete) in a 600 px scroll area; details and edit in modals; delete after "Are you sure?".
 */
import { useMemo, useState, type ReactElement } from 'react';
import { COMPANY_LIST_HEIGHT, MESSAGES, parseList, type Company } from '../../contract';
import { imageUrl } from '../../core';
import { Link, useConfig, useLiveReload, useMutation, useQuery, useToast } from '../../runtime';
import { buttonStyles, DataTable, dataTableColumns, DeleteDialog, EmptyState, Icon, IconButton, ResourceList, ResourcePage } from '../../ui';
import { cx } from '../../ui/css';
import { useCompaniesApi } from './companiesApi';
import { companyKeys, companyLocation, picturePath } from './companyModel';
import { companyStyles } from './companyStyles';
import { EditCompanyModal } from './EditCompanyModal';
import { ViewCompanyModal } from './ViewCompanyModal';
import { COMPANIES_SCREENS } from './widgets';

export const ADD_PATH = COMPANIES_SCREENS.add.href();

const joined = (value: unknown): string => parseList(value).join(', ');

export function CompanyList(): ReactElement {
  const api = useCompaniesApi();
  const toast = useToast();
  const config = useConfig();
  // A company added, changed or deleted elsewhere shows without a reload (docs/activity.md).
  useLiveReload(['company'], [companyKeys.list]);
  const [viewing, setViewing] = useState<Company | null>(null);
  const [editing, setEditing] = useState<Company | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const list = useQuery(companyKeys.list, (signal) => api.list(signal), {
    onError: (error) => console.error(MESSAGES.companies.fetchFailed, error),
  });
  const remove = useMutation({
    mutate: (company: Company) => api.remove(company.id),
    invalidates: [companyKeys.all],
    onSuccess: () => toast.success(MESSAGES.companies.deleted),
    onError: (error) => {
      console.error(error);
      toast.error(MESSAGES.companies.deleteFailed);
    },
  });
  const s = companyStyles();

  const columns = useMemo(() => {
    const col = dataTableColumns<Company>();
    return [
      col.accessor('display_name', { header: 'Company Name', cell: ({ row }) => <strong>{row.original.display_name}</strong> }),
      col.accessor('logo', {
        header: 'Logo',
        cell: ({ row }) =>
          picturePath(row.original, 'logo', 'small') ? <img className={s.logoCell} src={imageUrl(config, picturePath(row.original, 'logo', 'small'))} alt={`${row.original.display_name ?? 'Company'} logo`} loading="lazy" /> : <span className={s.muted}>—</span>,
      }),
      col.accessor('founding_year', { header: 'Founded' }),
      col.accessor('office_address', { header: 'Office Address', meta: { width: 200 } }),
      col.display({ id: 'location', header: 'Location', meta: { width: 160 }, cell: ({ row }) => companyLocation(row.original) }),
      col.accessor('firm_type', { header: 'Type' }),
      col.accessor('operating_states', { header: 'Operating States', meta: { width: 170 }, cell: ({ row }) => joined(row.original.operating_states) }),
      col.accessor('operating_cities', { header: 'Operating Cities', meta: { width: 170 }, cell: ({ row }) => joined(row.original.operating_cities) }),
      col.accessor('inventory_categories', { header: 'Inventory Categories', meta: { width: 170 }, cell: ({ row }) => joined(row.original.inventory_categories) }),
      col.display({
        id: 'actions',
        header: 'Actions',
        meta: { nowrap: true },
        cell: ({ row }) => {
          const name = row.original.display_name ?? 'company';
          return (
            <div className={s.actions}>
              <IconButton variant="ghost" size="sm" aria-label={`View details of ${name}`} onClick={() => setViewing(row.original)}>
                <Icon name="eye" size={16} />
              </IconButton>
              <IconButton variant="ghost" size="sm" aria-label={`Edit ${name}`} onClick={() => setEditing(row.original)}>
                <Icon name="edit" size={16} />
              </IconButton>
              <IconButton variant="ghost" size="sm" aria-label={`Delete ${name}`} onClick={() => setDeleting(row.original)}>
                <Icon name="trash" size={16} />
              </IconButton>
            </div>
          );
        },
      }),
    ];
  }, [config, s]);

  const b = buttonStyles();
  return (
    <ResourcePage
      title="All Companies"
      actions={
        <Link to={ADD_PATH} className={cx(b.base, b.md, b.primary)}>
          <Icon name="plus" size={16} /> Add Company
        </Link>
      }
      overlays={
        <>
          <ViewCompanyModal company={viewing} onClose={() => setViewing(null)} api={api} />
          <EditCompanyModal company={editing} onClose={() => setEditing(null)} api={api} />
          <DeleteDialog
            item={deleting}
            title={MESSAGES.companies.confirmTitle}
            description={MESSAGES.companies.confirmText}
            busy={remove.busy}
            onConfirm={(company) => void remove.mutate(company).then(() => setDeleting(null))}
            onCancel={() => setDeleting(null)}
          />
        </>
      }
    >
      <ResourceList
        failed={list.status === 'error' && !list.data}
        errorMessage={MESSAGES.companies.fetchFailed}
        onRetry={list.refetch}
        empty={list.data?.length === 0 && <EmptyState icon="inbox" title="No companies yet" description="Companies you add appear here." />}
      >
        <DataTable
          columns={columns}
          data={list.data ?? []}
          getRowId={(c) => String(c.id)}
          loading={list.loading}
          loadingText={MESSAGES.generic.loading}
          maxHeight={COMPANY_LIST_HEIGHT}
          aria-label="All Companies"
        />
      </ResourceList>
    </ResourcePage>
  );
}
