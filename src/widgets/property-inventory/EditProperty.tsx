/**
 * Edit Property (docs/product/screens.md, /properties/edit/:id): starts from the property the grid
 * handed over, else fetches it; Save Changes (PUT JSON, "Saving...") and Cancel back to
 * /properties/list. An unknown or another company's id: "Error: Property not found."
 * (docs/product/messages.md). Beyond the original description, above the fields, the photos
 * (`GalleryEditor`, loaded on its own), whose changes save at once; Save Changes waits while they
 * are saving or a failed one is unresolved.
 */
import { Suspense, useEffect, useRef, useState, type ReactElement } from 'react';
import { MESSAGES, PropertyFields, type Property } from '../../contract';
import { isApiError, serverMessage } from '../../core';
import { useLocation, useMutation, useParams, useQuery, useRuntime, useToast } from '../../runtime';
import { lazyComponent } from '../../runtime/lazyComponent';
import { Button, ErrorState, Form, FormSubmit, LoadingState, useForm, validateWith } from '../../ui';
import type { GalleryState } from './GalleryEditor';
import { forgetHandOver, takeOver } from './handoff';
import { usePropertiesApi } from './propertiesApi';
import { formInput, propertyFormValues, propertyKeys, type PropertyFormValues } from './propertiesModel';
import { PropertyFormFields } from './PropertyFormFields';
import { propertyStyles } from './propertyStyles';
import { PROPERTY_SCREENS } from './widget';

export const UPDATED = 'Property updated successfully';
export const UPDATE_FAILED = 'Failed to update property. Please try again.';
export const NO_GALLERY = 'Photos cannot be changed here: this server keeps them as sent with Add Property.';
export const PHOTOS_PENDING = 'Wait for the photos to finish saving, or resolve the photo change above.';

// Only Edit shows the photo editor: the grid and details never download it.
const galleryEditor = lazyComponent(() => import('./GalleryEditor'));
const GalleryEditor = galleryEditor.Component;
const IDLE_GALLERY: GalleryState = { busy: false, unsaved: false };

function EditForm({ property, photos }: { property: Property; photos: GalleryState }): ReactElement {
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
      navigate(PROPERTY_SCREENS.list.href());
    },
    onError(error) {
      console.error(error);
      toast.error(serverMessage(error, UPDATE_FAILED));
    },
  });
  const s = propertyStyles();
  const photosPending = photos.busy || photos.unsaved;
  return (
    <Form form={form} aria-label="Edit Property">
      <PropertyFormFields form={form} disabled={form.busy} />
      {photosPending && (
        <p className={s.pendingNote} id="photos-pending">
          {PHOTOS_PENDING}
        </p>
      )}
      <div className={s.formActions}>
        <Button variant="secondary" onClick={() => navigate(PROPERTY_SCREENS.list.href())} disabled={form.busy}>
          Cancel
        </Button>
        <FormSubmit busyLabel="Saving..." disabled={photosPending} aria-describedby={photosPending ? 'photos-pending' : undefined}>
          Save Changes
        </FormSubmit>
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
  // The photo editor's chunk comes while the property loads.
  useEffect(() => void galleryEditor.preload().catch(() => {}), []);
  const [photos, setPhotos] = useState<GalleryState>(IDLE_GALLERY);
  const result = useQuery(given ? null : propertyKeys.one(id), (signal) => api.get(id, signal));
  const s = propertyStyles();

  const property = given ?? result.data;
  let panels: ReactElement;
  if (property) {
    panels = (
      <>
        <div className={s.panel}>
          {property.images ? (
            <Suspense fallback={<LoadingState label="Loading photos..." />}>
              <GalleryEditor key={String(property.id)} property={property} onStateChange={setPhotos} />
            </Suspense>
          ) : (
            // A server answering the original fields only has no gallery calls: say so rather than offer them.
            <p className={s.text}>{NO_GALLERY}</p>
          )}
        </div>
        <div className={s.panel}>
          <EditForm key={String(property.id)} property={property} photos={photos} />
        </div>
      </>
    );
  } else if (result.status === 'error') {
    const missing = isApiError(result.error) && (result.error.status === 404 || result.error.status === 403);
    panels = (
      <div className={s.panel}>
        {missing ? (
          <ErrorState message={MESSAGES.properties.editNotFound} actions={<Button variant="secondary" onClick={() => navigate(PROPERTY_SCREENS.list.href())}>Back to All Properties</Button>} />
        ) : (
          <ErrorState message={MESSAGES.properties.detailFailed} onRetry={result.refetch} />
        )}
      </div>
    );
  } else panels = <div className={s.panel}><LoadingState label="Loading property..." /></div>;

  return (
    <div className={s.page}>
      <div className={s.header}>
        <h2 className={s.heading}>Edit Property</h2>
      </div>
      {panels}
    </div>
  );
}

export default EditProperty;
