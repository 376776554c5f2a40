/**
 * One photo of Edit Property's gallery: the picture (the cover badge on the first), its place,
 * and its controls — move earlier or later, make it the cover, remove it. The tile is also what
 * is dragged and what a dragged photo is dropped on.
 */
import type { ReactElement } from 'react';
import type { PropertyImage } from '../../contract';
import { Badge, Icon, IconButton } from '../../ui';
import { cx } from '../../ui/css';
import { galleryStyles } from './galleryStyles';

/** Which control of a photo keeps the focus after it moved. */
export type MoveControl = 'earlier' | 'later' | 'cover';

export interface GalleryTileProps {
  image: PropertyImage;
  index: number;
  count: number;
  /** The picture's URL (its small rendition). */
  src: string;
  /** What the photos show, for the picture's text alternative. */
  title: string;
  /** Moving (buttons and dragging) is possible. */
  canMove: boolean;
  /** Removing is possible. */
  canRemove: boolean;
  /** Where a dragged photo comes from, while one is dragged. */
  dragFrom: number | null;
  /** The tile a dragged photo is over. */
  dropAt: number | null;
  onDragFrom(index: number): void;
  onDragOver(index: number): void;
  onDropOn(index: number): void;
  onDragEnd(): void;
  onMove(from: number, to: number, control: MoveControl): void;
  onRemove(image: PropertyImage): void;
  /** Registers a control (`<id>:<control>`), so the focus can follow a moved photo. */
  control(key: string): (element: HTMLButtonElement | null) => void;
}

export function GalleryTile(props: GalleryTileProps): ReactElement {
  const { image, index, count, src, title, canMove, canRemove, dragFrom, dropAt, onMove, control } = props;
  const s = galleryStyles();
  const id = String(image.id);
  const label = `Photo ${index + 1} of ${count}`;
  const dropSide = dropAt === index && dragFrom !== null && dragFrom !== index ? (dragFrom > index ? s.dropBefore : s.dropAfter) : null;
  return (
    <li
      className={cx(s.tile, dropSide)}
      draggable={canMove}
      data-dragging={dragFrom === index}
      aria-label={index === 0 ? `${label}, cover` : label}
      onDragStart={(event) => {
        props.onDragFrom(index);
        if (event.dataTransfer) {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', id);
        }
      }}
      onDragOver={(event) => {
        if (dragFrom === null) return;
        event.preventDefault();
        props.onDragOver(index);
      }}
      onDrop={(event) => {
        if (dragFrom === null) return;
        event.preventDefault();
        event.stopPropagation();
        props.onDropOn(index);
      }}
      onDragEnd={props.onDragEnd}
    >
      <div className={s.media}>
        {src ? <img src={src} alt={`${title}, ${label.toLowerCase()}`} loading="lazy" decoding="async" /> : null}
        {index === 0 && (
          <span className={s.badge}>
            <Badge colour="orange">Cover</Badge>
          </span>
        )}
      </div>
      <div className={s.caption}>{label}</div>
      <div className={s.controls}>
        <IconButton
          ref={control(`${id}:earlier`)}
          aria-label={`Move photo ${index + 1} earlier`}
          variant="secondary"
          size="sm"
          disabled={!canMove || index === 0}
          onClick={() => onMove(index, index - 1, 'earlier')}
        >
          <Icon name="chevronLeft" />
        </IconButton>
        <IconButton
          ref={control(`${id}:later`)}
          aria-label={`Move photo ${index + 1} later`}
          variant="secondary"
          size="sm"
          disabled={!canMove || index === count - 1}
          onClick={() => onMove(index, index + 1, 'later')}
        >
          <Icon name="chevronRight" />
        </IconButton>
        <span className="grow" />
        {index > 0 && (
          <IconButton
            ref={control(`${id}:cover`)}
            aria-label={`Make photo ${index + 1} the cover`}
            title="Make cover"
            variant="secondary"
            size="sm"
            disabled={!canMove}
            onClick={() => onMove(index, 0, 'cover')}
          >
            <Icon name="star" />
          </IconButton>
        )}
        <IconButton
          ref={control(`${id}:remove`)}
          aria-label={`Remove photo ${index + 1}`}
          title="Remove"
          variant="secondary"
          size="sm"
          disabled={!canRemove}
          onClick={() => props.onRemove(image)}
        >
          <Icon name="trash" />
        </IconButton>
      </div>
    </li>
  );
}
