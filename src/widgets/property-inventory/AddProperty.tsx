/**
 * Add Property (docs/product/screens.md, /properties/add): every field of docs/product/data.md, a
 * cover image and other images picked with previews, sent as multipart; Save ("Saving..." while it
 * runs) and Cancel. Success: "Property added successfully!" and the form resets; failure: "Error:
 * {server message or Failed to add property. Please try again.}" (docs/product/messages.md).
 */
import { useState, type ReactElement } from 'react';
import { MESSAGES, PropertyFields } from '../../contract';
import { serverMessage } from '../../core';
import { useLocation, useMutation, useToast } from '../../runtime';
import { Button, FileField, Form, FormSubmit, useForm, validateWith } from '../../ui';
import { usePropertiesApi, type NewProperty } from './propertiesApi';
import { emptyPropertyForm, formInput, propertyKeys, type PropertyFormValues } from './propertiesModel';
import { PropertyFormFields } from './PropertyFormFields';
import { propertyStyles } from './propertyStyles';
import { usePreviews } from './usePreviews';
import { PROPERTY_SCREENS } from './widget';

export const addFailedMessage = (error: unknown): string =>
  MESSAGES.properties.addFailed.replace('{message}', serverMessage(error, MESSAGES.properties.addFailedDefault));

export function AddProperty(): ReactElement {
  const api = usePropertiesApi();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [cover, setCover] = useState<File[]>([]);
  const [others, setOthers] = useState<File[]>([]);
  // Remounting the file inputs is what clears their files after a save.
  const [picker, setPicker] = useState(0);
  const coverPreview = usePreviews(cover);
  const otherPreviews = usePreviews(others);
  const create = useMutation({ mutate: (property: NewProperty) => api.create(property), invalidates: [propertyKeys.lists] });
  const form = useForm<PropertyFormValues, PropertyFields>({
    initial: emptyPropertyForm,
    validate: (values) => validateWith(PropertyFields, formInput(values)),
    async onSubmit(fields) {
      await create.mutateAsync({ fields, cover: cover[0] ?? null, others });
      toast.success(MESSAGES.properties.added);
      form.reset();
      setCover([]);
      setOthers([]);
      setPicker((n) => n + 1);
    },
    onError(error) {
      console.error(error);
      toast.error(addFailedMessage(error));
    },
  });
  const s = propertyStyles();
  return (
    <div className={s.page}>
      <div className={s.header}>
        <h2 className={s.heading}>Add Property</h2>
      </div>
      <div className={s.panel}>
        <Form form={form} aria-label="Add Property">
          <PropertyFormFields form={form} disabled={form.busy} />
          <div className={s.files}>
            <FileField key={`cover-${picker}`} label="Cover image" accept="image/*" disabled={form.busy} onFilesChange={setCover} />
            {coverPreview.length > 0 && (
              <div className={s.previews}>
                <img src={coverPreview[0]} alt="Cover image preview" />
              </div>
            )}
            <FileField key={`others-${picker}`} label="Other images" accept="image/*" multiple disabled={form.busy} onFilesChange={setOthers} />
            {otherPreviews.length > 0 && (
              <div className={s.previews}>
                {otherPreviews.map((url, i) => (
                  <img key={url || i} src={url} alt={`Image ${i + 1} preview`} />
                ))}
              </div>
            )}
          </div>
          <div className={s.formActions}>
            <Button variant="secondary" onClick={() => navigate(PROPERTY_SCREENS.list.href())} disabled={form.busy}>
              Cancel
            </Button>
            <FormSubmit busyLabel="Saving...">Save</FormSubmit>
          </div>
        </Form>
      </div>
    </div>
  );
}

export default AddProperty;
