/**
 * The Company Media pickers: icon, logo and cover photo, images only, each with a preview of
 * the picked file (or of the company's current picture when replacing).
 */
import { useEffect, useMemo, type ReactElement } from 'react';
import { COMPANY_MEDIA_MAX_BYTES, MESSAGES, type Company } from '../../contract';
import { imageUrl } from '../../core';
import { useConfig } from '../../runtime';
import { FileField } from '../../ui';
import type { CompanyMedia } from './companiesApi';
import { MEDIA_FIELDS, MEDIA_LABELS, picturePath, type MediaField } from './companyModel';
import { companyStyles } from './companyStyles';

/** An image file, by its type (the server checks the content again). */
export const isImage = (file: File): boolean => file.type.startsWith('image/');

/** What a picture over the server's cap is told (the cap comes from the contract). */
export const TOO_LARGE = `Image size must be less than ${COMPANY_MEDIA_MAX_BYTES / (1024 * 1024)}MB`;

/**
 * The pickers' complaints: a picked file that is not an image, and, when `required`, a missing one.
 * @example mediaErrors({ icon: pdf }, true) // { icon: 'Please choose an image file', logo: 'This field is required', … }
 */
export function mediaErrors(media: CompanyMedia, required: boolean): Partial<Record<MediaField, string>> {
  const errors: Partial<Record<MediaField, string>> = {};
  for (const field of MEDIA_FIELDS) {
    const file = media[field];
    if (file && !isImage(file)) errors[field] = MESSAGES.validation.imageOnly;
    else if (file && file.size > COMPANY_MEDIA_MAX_BYTES) errors[field] = TOO_LARGE;
    else if (!file && required) errors[field] = MESSAGES.validation.fieldRequired;
  }
  return errors;
}

function usePreview(file: File | null | undefined): string | null {
  const url = useMemo(() => (file && isImage(file) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  return url;
}

function Picker({ field, file, error, required, current, disabled, onPick }: {
  field: MediaField; file: File | null | undefined; error?: string; required: boolean; current?: string | null; disabled?: boolean; onPick(file: File | null): void;
}): ReactElement {
  const s = companyStyles();
  const preview = usePreview(file);
  const shown = preview ?? current ?? null;
  const label = MEDIA_LABELS[field];
  return (
    <div>
      <FileField label={label} name={field} accept="image/*" required={required} error={error} disabled={disabled} onFilesChange={(files) => onPick(files[0] ?? null)} />
      {shown && (
        <div className={s.preview}>
          <img src={shown} alt={`${label} preview`} />
        </div>
      )}
    </div>
  );
}

export interface MediaPickersProps {
  media: CompanyMedia;
  onChange(media: CompanyMedia): void;
  errors?: Partial<Record<MediaField, string>>;
  required?: boolean;
  /** The company whose pictures are being replaced (previews until a file is picked). */
  current?: Company | null;
  disabled?: boolean;
}

export function MediaPickers({ media, onChange, errors = {}, required = false, current, disabled }: MediaPickersProps): ReactElement {
  const s = companyStyles();
  const config = useConfig();
  return (
    <div className={s.mediaGrid}>
      {MEDIA_FIELDS.map((field) => (
        <Picker
          key={field}
          field={field}
          file={media[field]}
          error={errors[field]}
          required={required}
          current={current && picturePath(current, field, 'small') ? imageUrl(config, picturePath(current, field, 'small')) : null}
          disabled={disabled}
          onPick={(file) => onChange({ ...media, [field]: file })}
        />
      ))}
    </div>
  );
}
