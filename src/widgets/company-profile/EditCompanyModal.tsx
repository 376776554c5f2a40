/**
 * The list's edit modal (docs/product/screens.md, rules.md): the company's fields with the edit
 * modal's required set (display name, founding year, firm type, office address, city, state,
 * country, postal code), PUT as JSON, "Updating..." while it runs, "Company updated successfully"
 * after. The original description only logs a failed update; here the server's message is shown
 * too, in the modal and as a toast, so the person knows it did not save — and the modal stays open
 * with what they typed.
 */
import { useEffect, type ReactElement } from 'react';
import { CompanyUpdateRequest, MESSAGES, type Company } from '../../contract';
import { serverMessage } from '../../core';
import { useMutation, useRuntime, useToast } from '../../runtime';
import { FormModal, useForm, validateWith } from '../../ui';
import type { CompaniesApi } from './companiesApi';
import { CompanyFormSections } from './CompanyFormSections';
import { blankMessages, companyKeys, companyToForm, emptyCompanyForm, isOwnCompany, updateInput, type CompanyFormValues } from './companyModel';
import { companyStyles } from './companyStyles';

export interface EditCompanyModalProps {
  /** The company to edit; `null` closes the modal. */
  company: Company | null;
  onClose(): void;
  api: CompaniesApi;
}

export function EditCompanyModal({ company, onClose, api }: EditCompanyModalProps): ReactElement {
  const toast = useToast();
  const runtime = useRuntime();
  const update = useMutation({
    mutate: (fields: CompanyUpdateRequest) => api.update(company!.id, fields),
    invalidates: [companyKeys.all],
  });
  const form = useForm<CompanyFormValues, CompanyUpdateRequest>({
    initial: emptyCompanyForm,
    validate: (values) => {
      const checked = validateWith(CompanyUpdateRequest, updateInput(values));
      const extra = blankMessages(values, 'update');
      return checked.ok && !Object.keys(extra).length ? checked : { ok: false, errors: { ...(checked.ok ? {} : checked.errors), ...extra } };
    },
    async onSubmit(fields) {
      if (!company) return;
      const saved = await update.mutateAsync({ ...fields, id: company.id });
      const session = runtime.session.getState();
      if (saved && isOwnCompany(saved, session.companyId)) session.setCompanyData(saved);
      toast.success(MESSAGES.companies.updated);
      onClose();
    },
    onError(error) {
      console.error('Company update failed', error);
      toast.error(serverMessage(error, MESSAGES.companies.updateProfileFailed));
    },
  });
  const { reset } = form;
  const { reset: forgetFailure } = update;
  useEffect(() => {
    reset(company ? companyToForm(company) : undefined);
    forgetFailure();
  }, [company, reset, forgetFailure]);
  // The failure stays in the modal, with what was typed, until the next attempt.
  const failure = update.error ? serverMessage(update.error, MESSAGES.companies.updateProfileFailed) : null;
  const s = companyStyles();
  return (
    <FormModal form={form} open={company !== null} title="Edit Company" width={860} submitLabel="Update" busyLabel="Updating..." onClose={onClose}>
      {failure && (
        <p className={s.failure} role="alert">
          {failure}
        </p>
      )}
      <CompanyFormSections form={form} mode="update" disabled={form.busy} />
    </FormModal>
  );
}
