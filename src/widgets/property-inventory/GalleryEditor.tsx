/**
 * Edit Property's photos (beyond the original description, whose PUT carries no files): an ordered
 * gallery whose first photo is the cover. Photos are added (checked and previewed as on Add
 * Property), removed after a confirmation, made the cover, and reordered by dragging or by the
 * buttons on each photo (which the keyboard reaches). Every change is saved at once, as agents
 * expect of photos on listing sites; the form's Save Changes waits while photos are saving or a
 * failed change is unresolved. A failed save loses nothing: picked files stay with Try again, an
 * order stays with Try again or Undo, a photo that could not be removed stays.
 *
 * Loaded on its own (EditProperty imports it lazily): the grid and details never download it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type DragEvent, type ReactElement } from 'react';
import { PROPERTY_IMAGE_TYPES, type Property, type PropertyImage } from '../../contract';
import { imageUrl, serverMessage } from '../../core';
import { useConfig, useMutation, useToast } from '../../runtime';
import { Button, DeleteDialog, FileField, visuallyHidden } from '../../ui';
import { cx } from '../../ui/css';
import { checkPhotos, galleryOrder, moveAnnouncement, moveItem, orderRequest, sameOrder } from './galleryModel';
import { usePropertiesApi } from './propertiesApi';
import { propertyKeys } from './propertiesModel';
import { galleryStyles } from './galleryStyles';
import { GalleryTile, type MoveControl } from './GalleryTile';
import { propertyStyles } from './propertyStyles';
import { usePreviews } from './usePreviews';

export const GALLERY_TEXT = {
  heading: 'Photos',
  hint: 'The first photo is the cover. Drag photos, or use their arrow buttons, to change the order. Changes save as you make them.',
  empty: 'No photos yet. Add some: the first becomes the cover.',
  added: (n: number) => (n === 1 ? 'Photo added' : `${n} photos added`),
  addFailed: 'Failed to add the photos. Please try again.',
  orderFailed: 'Failed to save the photo order. Please try again.',
  removed: 'Photo removed',
  removeFailed: 'Failed to remove the photo. Please try again.',
  saving: 'Saving...',
  saved: 'All photo changes saved',
  unsaved: 'Some photo changes are not saved',
} as const;

export interface GalleryState {
  /** A photo change is being sent. */
  busy: boolean;
  /** A change failed and waits for Try again, Undo or Discard. */
  unsaved: boolean;
}

export interface GalleryEditorProps {
  property: Property;
  /** Hears when the gallery starts or stops saving, or holds an unsaved change (Save Changes waits). */
  onStateChange?: (state: GalleryState) => void;
}

interface Upload {
  files: File[];
  /** Percent sent, when the browser can tell. */
  progress: number | null;
}

/** The photos' tiles with their place, cover badge and controls. */
export function GalleryEditor({ property, onStateChange }: GalleryEditorProps): ReactElement {
  const api = usePropertiesApi();
  const config = useConfig();
  const toast = useToast();
  const [saved, setSaved] = useState(() => galleryOrder(property.images));
  const [shown, setShown] = useState(saved);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [removing, setRemoving] = useState<PropertyImage | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [picker, setPicker] = useState(0);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [filesOver, setFilesOver] = useState(false);
  const previews = usePreviews(upload?.files ?? NO_FILES);
  // After a move the moved photo's button keeps the focus, so the keyboard can go on moving it.
  const focusNext = useRef<string | null>(null);
  const controls = useRef(new Map<string, HTMLButtonElement>());
  // The latest order wanted while one is being sent: moves never wait, the last one wins.
  const wantedOrder = useRef<PropertyImage[] | null>(null);
  const sendingOrder = useRef(false);

  // Each change is one call; its busy and error state are the mutation's. Every success reloads
  // what shows the property (the grid, details and favourites show the new cover and order).
  const invalidates = [propertyKeys.all];
  const order = useMutation({
    mutate: (images: PropertyImage[]) => {
      const wanted = orderRequest(images);
      return api.orderImages(property.id, wanted.order, wanted.cover);
    },
    invalidates,
  });
  const add = useMutation({
    mutate: (files: File[]) =>
      api.addImages(property.id, files, ({ loaded, total }) =>
        setUpload((current) => (current && total ? { ...current, progress: Math.min(100, Math.round((loaded / total) * 100)) } : current)),
      ),
    invalidates,
  });
  const removal = useMutation({ mutate: (image: PropertyImage) => api.removeImage(property.id, image.id), invalidates });
  const orderError = order.error ? serverMessage(order.error, GALLERY_TEXT.orderFailed) : null;
  const uploadError = upload && add.error ? serverMessage(add.error, GALLERY_TEXT.addFailed) : null;
  const removeError = removal.error ? serverMessage(removal.error, GALLERY_TEXT.removeFailed) : null;

  const uploading = add.busy;
  const removeBusy = removal.busy;
  const busy = order.busy || uploading || removeBusy;
  const unsaved = orderError !== null || uploadError !== null;
  useEffect(() => onStateChange?.({ busy, unsaved }), [busy, unsaved, onStateChange]);

  useLayoutEffect(() => {
    // While the removal's dialog is open it holds the focus; it goes on once the dialog is gone.
    if (!focusNext.current || removing) return;
    const button = controls.current.get(focusNext.current);
    focusNext.current = null;
    button?.focus();
  });

  async function saveOrder(next: PropertyImage[]): Promise<void> {
    wantedOrder.current = next;
    if (sendingOrder.current) return;
    sendingOrder.current = true;
    try {
      while (wantedOrder.current) {
        const sending = wantedOrder.current;
        wantedOrder.current = null;
        try {
          const fresh = galleryOrder((await order.mutateAsync(sending)).images);
          setSaved(fresh);
          if (!wantedOrder.current) setShown(fresh);
        } catch (error) {
          // A newer order waiting is sent next (which clears this failure): only the last one is shown.
          console.error(error);
        }
      }
    } finally {
      sendingOrder.current = false;
    }
  }

  function move(from: number, to: number, focus?: MoveControl): void {
    const target = Math.max(0, Math.min(shown.length - 1, to));
    if (from === target || from < 0 || from >= shown.length) return;
    const next = moveItem(shown, from, target);
    const id = String(shown[from]!.id);
    // At either end the other arrow stays enabled; "Make cover" goes away once it is the cover.
    if (focus) {
      const which = target === 0 ? 'later' : target === next.length - 1 ? 'earlier' : focus === 'cover' ? 'later' : focus;
      focusNext.current = `${id}:${which}`;
    }
    setShown(next);
    setAnnouncement(moveAnnouncement(target, next.length));
    void saveOrder(next);
  }

  async function sendFiles(files: File[]): Promise<void> {
    setUpload({ files, progress: null });
    try {
      const fresh = galleryOrder((await add.mutateAsync(files)).images);
      setSaved(fresh);
      setShown(fresh);
      setUpload(null);
      setAnnouncement(GALLERY_TEXT.added(files.length));
      toast.success(GALLERY_TEXT.added(files.length));
    } catch (error) {
      // The files stay as "Not saved" tiles with Try again and Discard.
      console.error(error);
      setUpload({ files, progress: null });
    }
  }

  function pick(files: File[]): void {
    // The input is remounted, so picking the same file again still reports a change.
    setPicker((n) => n + 1);
    if (!files.length) return;
    const { accepted, problems: found } = checkPhotos(files, shown.length);
    setProblems(found);
    if (accepted.length) void sendFiles(accepted);
  }

  async function remove(image: PropertyImage): Promise<void> {
    try {
      const at = shown.indexOf(image);
      const fresh = galleryOrder((await removal.mutateAsync(image)).images);
      // The focus goes to the photo now in its place (or the one before), not to the page's start.
      const next = fresh[Math.min(Math.max(at, 0), fresh.length - 1)];
      focusNext.current = next ? `${String(next.id)}:remove` : null;
      setSaved(fresh);
      setShown(fresh);
      setAnnouncement(GALLERY_TEXT.removed);
      toast.success(GALLERY_TEXT.removed);
    } catch (error) {
      console.error(error);
    } finally {
      setRemoving(null);
    }
  }

  const endDrag = () => {
    setDragFrom(null);
    setDropAt(null);
    setFilesOver(false);
  };
  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

  // Adding and removing wait for the order to be saved (their answers carry the server's order).
  const canAddOrRemove = !busy && orderError === null && upload === null;
  const canMove = !uploading && !removeBusy;
  const s = galleryStyles();
  const ps = propertyStyles();
  const title = property.title?.trim() || 'this property';
  const count = shown.length;
  const status = busy ? GALLERY_TEXT.saving : unsaved ? GALLERY_TEXT.unsaved : sameOrder(shown, saved) && count ? GALLERY_TEXT.saved : '';
  const ref = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) controls.current.set(key, element);
    else controls.current.delete(key);
  };

  return (
    <section aria-labelledby="property-photos-heading" aria-busy={busy}>
      <div className={s.top}>
        <div>
          <h3 id="property-photos-heading" className={ps.section}>
            {GALLERY_TEXT.heading} {count ? `(${count})` : ''}
          </h3>
          <p className={s.hint}>{GALLERY_TEXT.hint}</p>
        </div>
        <div className={s.picker}>
          <FileField
            key={picker}
            label="Add photos"
            buttonLabel="Choose photos"
            accept={PROPERTY_IMAGE_TYPES.join(',')}
            multiple
            disabled={!canAddOrRemove}
            onFilesChange={pick}
          />
        </div>
      </div>
      <div className={s.status} role="status">
        {status}
      </div>
      <div aria-live="polite" className={visuallyHidden()}>
        {announcement}
      </div>
      {problems.length > 0 && (
        <div className={s.notice} role="alert">
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <Button size="sm" variant="secondary" onClick={() => setProblems([])}>
            Dismiss
          </Button>
        </div>
      )}
      {upload && uploadError && (
        <div className={s.notice} role="alert">
          <span>{uploadError}</span>
          <Button size="sm" onClick={() => void sendFiles(upload.files)}>
            Try again
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setUpload(null);
              add.reset();
            }}
          >
            Discard
          </Button>
        </div>
      )}
      {orderError && (
        <div className={s.notice} role="alert">
          <span>{orderError}</span>
          <Button size="sm" onClick={() => void saveOrder(shown)}>
            Try again
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setShown(saved);
              order.reset();
            }}
          >
            Undo
          </Button>
        </div>
      )}
      {removeError && (
        <div className={s.notice} role="alert">
          <span>{removeError}</span>
          <Button size="sm" variant="secondary" onClick={removal.reset}>
            Dismiss
          </Button>
        </div>
      )}
      {count === 0 && !upload ? <p className={ps.text}>{GALLERY_TEXT.empty}</p> : null}
      <ol
        className={cx(s.grid, filesOver && s.fileOver)}
        aria-label={`Photos of ${title}, cover first`}
        onDragOver={(event) => {
          if (dragFrom !== null || !carriesFiles(event) || !canAddOrRemove) return;
          event.preventDefault();
          setFilesOver(true);
        }}
        onDragLeave={(event) => {
          if (event.currentTarget === event.target) setFilesOver(false);
        }}
        onDrop={(event) => {
          if (dragFrom !== null || !carriesFiles(event)) return;
          event.preventDefault();
          endDrag();
          if (canAddOrRemove) pick(Array.from(event.dataTransfer.files));
        }}
      >
        {shown.map((image, index) => (
          <GalleryTile
            key={String(image.id)}
            image={image}
            index={index}
            count={count}
            src={imageUrl(config, image.small?.trim() || image.path)}
            title={title}
            canMove={canMove}
            canRemove={canAddOrRemove}
            dragFrom={dragFrom}
            dropAt={dropAt}
            onDragFrom={setDragFrom}
            onDragOver={(at) => dropAt !== at && setDropAt(at)}
            onDropOn={(at) => {
              const from = dragFrom;
              endDrag();
              if (from !== null) move(from, at);
            }}
            onDragEnd={endDrag}
            onMove={move}
            onRemove={setRemoving}
            control={ref}
          />
        ))}
        {upload?.files.map((file, i) => (
          <li key={`pending-${i}-${file.name}`} className={cx(s.tile, s.pendingTile)} aria-label={`New photo ${file.name}`}>
            <div className={s.media}>
              {previews[i] ? <img src={previews[i]} alt={`${file.name} preview`} /> : null}
              <span className={s.overlay}>{uploadError ? 'Not saved' : upload.progress !== null ? `Uploading ${upload.progress}%` : 'Uploading...'}</span>
            </div>
            <div className={s.caption}>{file.name}</div>
          </li>
        ))}
      </ol>
      <DeleteDialog
        item={removing}
        title="Remove photo?"
        description={(image) =>
          `Photo ${shown.indexOf(image) + 1} of ${count} will be deleted from this property${shown[0] === image && count > 1 ? ', and the next photo becomes the cover' : ''}. This cannot be undone.`
        }
        cancelLabel="Keep"
        confirmLabel="Remove"
        busy={removeBusy}
        busyLabel="Removing..."
        onConfirm={(image) => void remove(image)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

const NO_FILES: File[] = [];

export default GalleryEditor;
