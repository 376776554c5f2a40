/**
 * The profile form of the General tab (docs/product/screens.md, data.md, rules.md, messages.md):
 * first name, last name and e-mail required ("Please complete your profile information" when one is
 * empty, nothing sent), the payload of docs/product/data.md with the Company-ID header, "Saving..."
 * while it goes, "Profile updated successfully" or "Failed to update profile". What was typed stays
 * after a failure. A new e-mail address asks for the current password (the server refuses it
 * without), and the old address is mailed a link that undoes the change.
 */
import type { ReactElement } from 'react';
import { MESSAGES, ProfileUpdateRequest, type Profile } from '../../contract';
import { useMutation, useRuntime, useToast } from '../../runtime';
import { Form, FormGrid, FormSubmit, TextField, useForm, validateWith, type Validation } from '../../ui';
import { accountKeys, useAccountApi } from './accountApi';
import { emailChanges, incompleteMessage, profilePayload, profileValues, REQUIRED_PROFILE_FIELDS, type ProfileValues } from './accountModel';
import { accountStyles } from './accountStyles';

const V = MESSAGES.validation;
const REQUIRED_TEXT: Record<(typeof REQUIRED_PROFILE_FIELDS)[number], string> = {
  first_name: V.firstNameRequired,
  last_name: V.lastNameRequired,
  email: V.emailRequired,
};

/** The form's checks: the required fields first (`profile.incomplete`), then the contract's rules. */
export function checkProfile(values: ProfileValues, profile: Profile): Validation<ProfileUpdateRequest> {
  const incomplete = incompleteMessage(values);
  if (incomplete) {
    const errors = Object.fromEntries(REQUIRED_PROFILE_FIELDS.filter((f) => !values[f].trim()).map((f) => [f, REQUIRED_TEXT[f]]));
    return { ok: false, errors, message: incomplete };
  }
  if (emailChanges(values, profile) && !values.current_password) {
    const message = MESSAGES.profile.currentPasswordForEmail;
    return { ok: false, errors: { current_password: message }, message };
  }
  return validateWith(ProfileUpdateRequest, profilePayload(values, profile));
}

export function ProfileForm({ profile }: { profile: Profile }): ReactElement {
  const s = accountStyles();
  const api = useAccountApi();
  const runtime = useRuntime();
  const toast = useToast();
  const save = useMutation({
    mutate: async (payload: ProfileUpdateRequest) => {
      const { companyId, user } = runtime.session.getState();
      const id = profile.id ?? user?.id;
      if (id == null) throw new Error(MESSAGES.profile.userIdNotFound);
      // The super admin belongs to no company; everyone else's update names theirs (src/contract/users.ts).
      const company = companyId ?? profile.company_id ?? null;
      if (company === null && user?.user_type !== 'super_admin') throw new Error(MESSAGES.profile.companyIdNotFound);
      return api.updateProfile(id, company, payload);
    },
    invalidates: [accountKeys.profile],
  });
  const form = useForm<ProfileValues, ProfileUpdateRequest>({
    initial: () => profileValues(profile),
    validate: (values) => checkProfile(values, profile),
    onInvalid: ({ message }) => message && toast.error(message),
    async onSubmit(payload) {
      const saved = await save.mutateAsync(payload);
      const name = `${payload.first_name} ${payload.last_name}`.trim();
      runtime.session.getState().update({ name: saved?.name ?? name, first_name: payload.first_name, last_name: payload.last_name, email: payload.email });
      // Never kept: the next change of address asks again.
      form.setValue('current_password', '');
      toast.success(MESSAGES.profile.updated);
    },
    onError(error) {
      console.error(error);
      const known = error instanceof Error && (error.message === MESSAGES.profile.userIdNotFound || error.message === MESSAGES.profile.companyIdNotFound);
      toast.error(known ? error.message : MESSAGES.profile.updateFailed);
    },
  });
  return (
    <section aria-labelledby="ed-profile-title">
      <h3 id="ed-profile-title" className={s.sectionTitle}>
        Profile information
      </h3>
      <Form form={form} aria-label="Profile information">
        <FormGrid columns={2}>
          <TextField label="First name" required autoComplete="given-name" {...form.field('first_name')} />
          <TextField label="Last name" required autoComplete="family-name" {...form.field('last_name')} />
          <TextField label="Email" type="email" required autoComplete="email" {...form.field('email')} />
          {emailChanges(form.values, profile) && (
            <TextField
              label="Current password"
              type="password"
              required
              autoComplete="current-password"
              hint="Needed to change your e-mail address. Your old address is told and can undo the change."
              {...form.field('current_password')}
            />
          )}
          <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
          <TextField label="Street" autoComplete="street-address" {...form.field('street')} />
          <TextField label="City" autoComplete="address-level2" {...form.field('city')} />
          <TextField label="State" autoComplete="address-level1" {...form.field('state')} />
          <TextField label="Postal code" autoComplete="postal-code" {...form.field('zip_code')} />
          <TextField label="Country" autoComplete="country-name" {...form.field('country')} />
        </FormGrid>
        <div className={s.actions}>
          <FormSubmit busyLabel="Saving...">Save Changes</FormSubmit>
        </div>
      </Form>
    </section>
  );
}
