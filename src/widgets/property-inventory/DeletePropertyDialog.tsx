/**
 * The delete confirmation of the grid (docs/product/screens.md: "Confirm Delete"). The backdrop and
 * Escape cancel.
 */
import type { ReactElement } from 'react';
import { MESSAGES, type Property } from '../../contract';
import { useMutation, useToast } from '../../runtime';
import { ConfirmDialog } from '../../ui';
import type { PropertiesApi } from './propertiesApi';
import { propertyKeys } from './propertiesModel';

export interface DeletePropertyDialogProps {
  property: Property | null;
  onClose(): void;
  api: PropertiesApi;
}

export function DeletePropertyDialog({ property, onClose, api }: DeletePropertyDialogProps): ReactElement {
  const toast = useToast();
  const remove = useMutation({
    mutate: (target: Property) => api.remove(target.id),
    invalidates: [propertyKeys.all],
    onSuccess: () => toast.success('Property deleted successfully'),
    onError: (error) => {
      console.error(error);
      toast.error('Failed to delete property');
    },
  });
  const title = property?.title?.trim();
  return (
    <ConfirmDialog
      open={property !== null}
      title={MESSAGES.properties.confirmDelete}
      description={`Are you sure you want to delete ${title ? `"${title}"` : 'this property'}? This action cannot be undone.`}
      cancelLabel="Cancel"
      confirmLabel="Delete"
      busy={remove.busy}
      busyLabel="Deleting..."
      onConfirm={() => {
        if (!property || remove.busy) return;
        void remove.mutate(property).then(onClose);
      }}
      onCancel={onClose}
    />
  );
}
