/**
 * Add Company (docs/product/screens.md, /management/company/addcompany, the super admin's): the
 * seven sections, the required set of docs/product/rules.md (icon, logo and cover photo images
 * only, with previews; both colour codes with a picker; website and social links http(s) only; list
 * fields comma separated and trimmed), sent as the multipart of src/contract/companies.ts. Save
 * shows "Adding..."; success "Company created successfully!" and the list; failure "Failed to add
 * company. Please try again." with the server's field errors on their fields and nothing typed
 * lost.
 */
import { useState, type ReactElement } from 'react';
import { CompanyCreateFields, MESSAGES } from '../../contract';
import { useLocation, useMutation, useToast } from '../../runtime';
import { Button, Form, FormSubmit, ResourcePage, useForm, validateWith } from '../../ui';
import { useCompaniesApi, type CompanyMedia } from './companiesApi';
import { CompanyFormSections } from './CompanyFormSections';
import { blankMessages, companyKeys, emptyCompanyForm, formInput, type CompanyFormValues } from './companyModel';
import { companyStyles } from './companyStyles';
import { MediaPickers, mediaErrors } from './MediaPickers';
import { COMPANIES_SCREENS } from './widgets';

export const LIST_PATH = COMPANIES_SCREENS.list.href();

export function AddCompany(): ReactElement {
  const api = useCompaniesApi();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [media, setMedia] = useState<CompanyMedia>({});
  const create = useMutation({ mutate: (fields: CompanyCreateFields) => api.create(fields, media), invalidates: [companyKeys.all] });
  const form = useForm<CompanyFormValues, CompanyCreateFields>({
    initial: emptyCompanyForm,
    validate: (values) => {
      const checked = validateWith(CompanyCreateFields, formInput(values));
      const extra = { ...mediaErrors(media, true), ...blankMessages(values, 'create') };
      if (checked.ok && !Object.keys(extra).length) return checked;
      return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), ...extra } };
    },
    async onSubmit(fields) {
      await create.mutateAsync(fields);
      toast.success(MESSAGES.companies.created);
      navigate(LIST_PATH);
    },
    onError(error) {
      console.error(error);
      toast.error(MESSAGES.companies.addFailed);
    },
  });
  const s = companyStyles();
  return (
    <ResourcePage title="Add Company">
      <Form form={form} aria-label="Add Company">
        <CompanyFormSections
          form={form}
          mode="create"
          disabled={form.busy}
          media={<MediaPickers media={media} onChange={setMedia} errors={form.errors} required disabled={form.busy} />}
        />
        <div className={s.formActions}>
          <Button variant="secondary" onClick={() => navigate(LIST_PATH)} disabled={form.busy}>
            Cancel
          </Button>
          <FormSubmit busyLabel="Adding...">Save</FormSubmit>
        </div>
      </Form>
    </ResourcePage>
  );
}

export default AddCompany;
