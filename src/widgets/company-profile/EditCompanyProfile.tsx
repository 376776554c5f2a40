/**
 * My Company Profile (docs/product/screens.md: the edit page reached from the profile): the
 * company's fields as JSON (PUT /company/{id}) and, when picked, new icon, logo or cover photo
 * (multipart, a call of its own). Saving returns to /management/company/companyprofile; the
 * session's cached company follows, so the brand changes at once. A failed save says "Failed to
 * update company profile." with a Go Back button, and keeps what was typed.
 */
import { useState, type ReactElement } from 'react';
import { CompanyUpdateRequest, MESSAGES, type Company } from '../../contract';
import { isApiError } from '../../core';
import { useLocation, useMutation, useRuntime, useToast } from '../../runtime';
import { Button, Form, FormSubmit, useForm, validateWith } from '../../ui';
import { useCompaniesApi, type CompanyMedia } from './companiesApi';
import { CompanyFormSections } from './CompanyFormSections';
import { blankMessages, companyKeys, companyToForm, isOwnCompany, updateInput, type CompanyFormValues } from './companyModel';
import { companyStyles } from './companyStyles';
import { MediaPickers, mediaErrors } from './MediaPickers';
import { COMPANY_PROFILE_SCREENS } from './widgets';

export const PROFILE_PATH = COMPANY_PROFILE_SCREENS.profile.href();

export interface EditCompanyProfileProps {
  company: Company;
  /** Back to the profile, with the saved company when there is one. */
  onDone(saved?: Company): void;
}

/** What a failed save says: the product's message (`companies.updateProfileFailed`), and the server's reason when it gave one. */
function failureText(error: unknown): string {
  const reason = isApiError(error) && error.fromServer && error.status !== 422 ? error.message : '';
  return reason && reason !== MESSAGES.companies.updateProfileFailed ? `${MESSAGES.companies.updateProfileFailed} ${reason}` : MESSAGES.companies.updateProfileFailed;
}

export function EditCompanyProfile({ company, onDone }: EditCompanyProfileProps): ReactElement {
  const api = useCompaniesApi();
  const runtime = useRuntime();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [media, setMedia] = useState<CompanyMedia>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutate: async (fields: CompanyUpdateRequest) => {
      const updated = await api.update(company.id, fields);
      const picked = Object.values(media).some(Boolean);
      const withMedia = picked ? await api.replaceMedia(company.id, media) : null;
      return withMedia ?? updated ?? ({ ...company, ...fields } as Company);
    },
    invalidates: [companyKeys.all],
  });
  const form = useForm<CompanyFormValues, CompanyUpdateRequest>({
    initial: () => companyToForm(company),
    validate: (values) => {
      const checked = validateWith(CompanyUpdateRequest, updateInput(values));
      const extra = { ...mediaErrors(media, false), ...blankMessages(values, 'update') };
      if (checked.ok && !Object.keys(extra).length) return checked;
      return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), ...extra } };
    },
    async onSubmit(fields) {
      setFailure(null);
      const saved = await save.mutateAsync({ ...fields, id: company.id });
      const session = runtime.session.getState();
      if (isOwnCompany(saved, session.companyId)) session.setCompanyData(saved);
      toast.success(MESSAGES.companies.updated);
      navigate(PROFILE_PATH);
      onDone(saved);
    },
    onError(error) {
      console.error(error);
      const text = failureText(error);
      setFailure(text);
      toast.error(text);
    },
  });
  const s = companyStyles();
  return (
    <div className={s.panel}>
      {failure && (
        <div className={s.failure} role="alert">
          <span>{failure}</span>
          <Button variant="secondary" size="sm" onClick={() => onDone()}>
            Go Back
          </Button>
        </div>
      )}
      <Form form={form} aria-label="My Company Profile">
        <CompanyFormSections
          form={form}
          mode="update"
          disabled={form.busy}
          media={<MediaPickers media={media} onChange={setMedia} errors={form.errors} current={company} disabled={form.busy} />}
        />
        <div className={s.formActions}>
          <Button variant="secondary" onClick={() => onDone()} disabled={form.busy}>
            Cancel
          </Button>
          <FormSubmit busyLabel="Saving...">Save Changes</FormSubmit>
        </div>
      </Form>
    </div>
  );
}
