/**
 * Edit Property (SPEC §2, /properties/edit/:id): starts from the property the grid handed over,
 * else fetches it; Save Changes (PUT JSON, "Saving...") and Cancel back to /properties/list.
 * An unknown or another company's id: "Error: Property not found." (SPEC §8).
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { MESSAGES, PropertyFields, type Property } from '../../contract';
import { isApiError, serverMessage } from '../../core';
import { useLocation, useMutation, useParams, useQuery, useRuntime, useToast } from '../../runtime';
import { Button, ErrorState, Form, FormSubmit, LoadingState, useForm, validateWith } from '../../ui';
import { forgetHandOver, takeOver } from './handoff';
import { usePropertiesApi } from './propertiesApi';
import { formInput, propertyFormValues, propertyKeys, type PropertyFormValues } from './propertiesModel';
import { PropertyFormFields } from './PropertyFormFields';
import { propertyStyles } from './propertyStyles';

export const UPDATED = 'Property updated successfully';
export const UPDATE_FAILED = 'Failed to update property. Please try again.';

function EditForm({ property }: { property: Property }): ReactElement {
  const api = usePropertiesApi();
  const runtime = useRuntime();
  const toast = useToast();
  const [, navigate] = useLocation();
  const save = useMutation({
    mutate: (fields: PropertyFields) => api.update(property.id, fields),
    invalidates: [propertyKeys.all],
  });
  const form = useForm<PropertyFormValues, PropertyFields>({
    initial: () => propertyFormValues(property),
    validate: (values) => validateWith(PropertyFields, formInput(values)),
    async onSubmit(fields) {
      await save.mutateAsync(fields);
      forgetHandOver(runtime);
      toast.success(UPDATED);
      navigate('/properties/list');
    },
    onError(error) {
      console.error(error);
      toast.error(serverMessage(error, UPDATE_FAILED));
    },
  });
  const s = propertyStyles();
  return (
    <Form form={form} aria-label="Edit Property">
      <PropertyFormFields form={form} disabled={form.busy} />
      <div className={s.formActions}>
        <Button variant="secondary" onClick={() => navigate('/properties/list')} disabled={form.busy}>
          Cancel
        </Button>
        <FormSubmit busyLabel="Saving...">Save Changes</FormSubmit>
      </div>
    </Form>
  );
}

export function EditProperty(): ReactElement {
  const { id = '' } = useParams<{ id: string }>();
  const api = usePropertiesApi();
  const runtime = useRuntime();
  const [, navigate] = useLocation();
  // Read once per id: what the grid handed over stands in for the fetch.
  const handed = useRef<{ id: string; property: Property | undefined } | null>(null);
  if (handed.current?.id !== id) handed.current = { id, property: takeOver(runtime, id) };
  const given = handed.current.property;
  // Navigation state lasts one visit: a later visit by typed URL fetches what the server has.
  // (StrictMode's trial unmount keeps this screen's ref, so the copy in hand survives it.)
  useEffect(() => () => forgetHandOver(runtime), [runtime]);
  const result = useQuery(given ? null : propertyKeys.one(id), (signal) => api.get(id, signal));
  const s = propertyStyles();

  let content: ReactElement;
  const property = given ?? result.data;
  if (property) content = <EditForm key={String(property.id)} property={property} />;
  else if (result.status === 'error') {
    const missing = isApiError(result.error) && (result.error.status === 404 || result.error.status === 403);
    content = missing ? (
      <ErrorState message={MESSAGES.properties.editNotFound} actions={<Button variant="secondary" onClick={() => navigate('/properties/list')}>Back to All Properties</Button>} />
    ) : (
      <ErrorState message={MESSAGES.properties.detailFailed} onRetry={result.refetch} />
    );
  } else content = <LoadingState label="Loading property..." />;

  return (
    <div className={s.page}>
      <div className={s.header}>
        <h2 className={s.heading}>Edit Property</h2>
      </div>
      <div className={s.panel}>{content}</div>
    </div>
  );
}

export default EditProperty;
