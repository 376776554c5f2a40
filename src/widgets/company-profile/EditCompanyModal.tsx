/**
 * The list's edit modal (docs/product/screens.md, rules.md): the company's fields with the edit
 * modal's required set (display name, founding year, firm type, office address, city, state,
 * country, postal code), PUT as JSON, "Updating..." while it runs, "Company updated successfully"
 * after. The original description only logs a failed update; here the server's message is shown
 * too, in the modal and as a toast, so the person knows it did not save — and the modal stays open
 * with what they typed.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { CompanyUpdateRequest, MESSAGES, type Company } from '../../contract';
import { serverMessage } from '../../core';
import { useMutation, useRuntime, useToast } from '../../runtime';
import { Button, Form, FormSubmit, Modal, useForm, validateWith } from '../../ui';
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
  const [failure, setFailure] = useState<string | null>(null);
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
      setFailure(null);
      const saved = await update.mutateAsync({ ...fields, id: company.id });
      const session = runtime.session.getState();
      if (saved && isOwnCompany(saved, session.companyId)) session.setCompanyData(saved);
      toast.success(MESSAGES.companies.updated);
      onClose();
    },
    onError(error) {
      console.error('Company update failed', error);
      const message = serverMessage(error, MESSAGES.companies.updateProfileFailed);
      setFailure(message);
      toast.error(message);
    },
  });
  const { reset } = form;
  useEffect(() => {
    reset(company ? companyToForm(company) : undefined);
    setFailure(null);
  }, [company, reset]);
  const close = () => {
    if (!form.busy) onClose();
  };
  const s = companyStyles();
  return (
    <Modal
      open={company !== null}
      onClose={close}
      title="Edit Company"
      width={860}
      closeOnBackdrop={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={form.busy}>
            Cancel
          </Button>
          <FormSubmit form={form} busyLabel="Updating...">
            Update
          </FormSubmit>
        </>
      }
    >
      <Form form={form} aria-label="Edit Company">
        {failure && (
          <p className={s.failure} role="alert">
            {failure}
          </p>
        )}
        <CompanyFormSections form={form} mode="update" disabled={form.busy} />
      </Form>
    </Modal>
  );
}
