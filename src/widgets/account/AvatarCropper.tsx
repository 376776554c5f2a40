/**
 * The square crop before an avatar upload: the picture on a canvas with the kept square lit and
 * the rest dimmed. Drag the square to move it, or — with the canvas focused — the arrow keys
 * (Shift for bigger steps) and + / − to make it larger or smaller; the Size slider does the same.
 * "Use this picture" draws the square at AVATAR_OUTPUT_SIZE pixels and hands it over as PNG or
 * JPEG (PNG stays PNG, so transparency survives).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { accountStyles } from './accountStyles';
import { AVATAR_OUTPUT_SIZE, centredSquare, clampSquare, croppedName, keyedSquare, MIN_CROP_SHARE, type CropSquare } from './accountModel';

export interface AvatarCropperProps {
  file: File;
  onCancel(): void;
  onCropped(blob: Blob, name: string): void;
}

export const CROPPER_TEXT = {
  title: 'Crop your picture',
  help: 'Drag the square, or use the arrow keys; + and − change its size.',
  canvas: 'Picture to crop. Arrow keys move the square, plus and minus resize it.',
  size: 'Size',
  use: 'Use this picture',
  cancel: 'Cancel',
  unreadable: 'This picture could not be read. Please choose another JPEG or PNG image.',
} as const;

// The canvas shows the picture at most this wide or high (CSS scales it down further on phones).
const VIEW = 360;

function useDecodedImage(file: File): { image: HTMLImageElement | null; failed: boolean } {
  const [state, setState] = useState<{ image: HTMLImageElement | null; failed: boolean }>({ image: null, failed: false });
  useEffect(() => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    let live = true;
    image.onload = () => live && setState({ image, failed: false });
    image.onerror = () => live && setState({ image: null, failed: true });
    image.src = url;
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return state;
}

export function AvatarCropper({ file, onCancel, onCropped }: AvatarCropperProps): ReactElement {
  const s = accountStyles();
  const { image, failed } = useDecodedImage(file);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [square, setSquare] = useState<CropSquare | null>(null);
  const drag = useRef<{ x: number; y: number; start: CropSquare } | null>(null);
  const width = image?.naturalWidth ?? 0;
  const height = image?.naturalHeight ?? 0;
  const scale = width && height ? Math.min(1, VIEW / Math.max(width, height)) : 1;

  useEffect(() => {
    if (image) setSquare(centredSquare(image.naturalWidth, image.naturalHeight));
  }, [image]);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !image || !square) return;
    const w = Math.round(width * scale);
    const h = Math.round(height * scale);
    ctx.clearRect(0, 0, w, h);
    ctx.drawImage(image, 0, 0, w, h);
    // Dim everything, then draw the kept square again at full strength.
    ctx.fillStyle = 'rgba(0, 0, 0, 0.55)';
    ctx.fillRect(0, 0, w, h);
    const [x, y, size] = [square.x * scale, square.y * scale, square.size * scale];
    ctx.drawImage(image, square.x, square.y, square.size, square.size, x, y, size, size);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2;
    ctx.strokeRect(x + 1, y + 1, size - 2, size - 2);
  }, [image, square, width, height, scale]);

  const place = (next: CropSquare) => setSquare(clampSquare(next, width, height));

  const onKeyDown = (event: KeyboardEvent) => {
    if (!square) return;
    const step = Math.max(1, Math.round(Math.min(width, height) / (event.shiftKey ? 10 : 50)));
    const next = keyedSquare(square, event.key, step);
    if (!next) return;
    event.preventDefault();
    place(next);
  };

  // Pointer positions are in CSS pixels of the (possibly shrunk) canvas: convert to the picture's.
  const toPicture = (event: PointerEvent<HTMLCanvasElement>): { x: number; y: number } => {
    const box = event.currentTarget.getBoundingClientRect();
    const ratio = box.width ? width / box.width : 1 / scale;
    return { x: (event.clientX - box.left) * ratio, y: (event.clientY - box.top) * ratio };
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!square) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { ...toPicture(event), start: square };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = drag.current;
    if (!from) return;
    const at = toPicture(event);
    place({ ...from.start, x: from.start.x + at.x - from.x, y: from.start.y + at.y - from.y });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const use = () => {
    if (!image || !square) return;
    const out = document.createElement('canvas');
    out.width = out.height = Math.min(AVATAR_OUTPUT_SIZE, square.size);
    const ctx = out.getContext('2d');
    if (!ctx) return;
    ctx.drawImage(image, square.x, square.y, square.size, square.size, 0, 0, out.width, out.height);
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    out.toBlob((blob) => blob && onCropped(blob, croppedName(file.name, type)), type, 0.92);
  };

  const shorter = Math.min(width, height);
  return (
    <Modal
      open
      onClose={onCancel}
      title={CROPPER_TEXT.title}
      width={440}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {CROPPER_TEXT.cancel}
          </Button>
          <Button onClick={use} disabled={!square}>
            {CROPPER_TEXT.use}
          </Button>
        </>
      }
    >
      {failed ? (
        <p className={s.error} role="alert">
          {CROPPER_TEXT.unreadable}
        </p>
      ) : (
        <div>
          <div className={s.cropFrame}>
            <canvas
              ref={canvas}
              className={s.cropCanvas}
              width={Math.round(width * scale) || VIEW}
              height={Math.round(height * scale) || VIEW}
              tabIndex={0}
              role="img"
              aria-label={CROPPER_TEXT.canvas}
              onKeyDown={onKeyDown}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
            />
          </div>
          <label className={s.cropZoom}>
            {CROPPER_TEXT.size}
            <input
              type="range"
              min={Math.round(shorter * MIN_CROP_SHARE)}
              max={shorter || 1}
              value={square?.size ?? 1}
              disabled={!square}
              onChange={(event) => {
                if (!square) return;
                const size = Number(event.target.value);
                const grow = size - square.size;
                place({ x: square.x - grow / 2, y: square.y - grow / 2, size });
              }}
            />
          </label>
          <p className={s.cropHelp}>{CROPPER_TEXT.help}</p>
        </div>
      )}
    </Modal>
  );
}
