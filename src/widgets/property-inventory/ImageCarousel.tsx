/**
 * The details page's image carousel (docs/product/screens.md, rules.md): two images at a time,
 * wrapping around, moved by the buttons, the arrow keys while it has focus, and a sideways swipe.
 */
import { useRef, useState, type ReactElement } from 'react';
import { Icon, IconButton } from '../../ui';
import { carouselStep, carouselWindow } from './propertiesModel';
import { propertyStyles } from './propertyStyles';

const SWIPE_PX = 40;

export interface ImageCarouselProps {
  /** Image URLs, already resolved. */
  images: readonly string[];
  /** What the images show, for their text alternative. */
  title: string;
}

export function ImageCarousel({ images, title }: ImageCarouselProps): ReactElement | null {
  const [start, setStart] = useState(0);
  const touchX = useRef<number | null>(null);
  const count = images.length;
  if (count === 0) return null;
  const move = (step: number) => setStart((s) => carouselStep(count, s, step));
  const shown = carouselWindow(count, start);
  const s = propertyStyles();
  const canMove = count > shown.length;
  return (
    <div
      className={s.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={`Images of ${title}`}
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') move(1);
        else if (event.key === 'ArrowLeft') move(-1);
        else return;
        event.preventDefault();
      }}
    >
      <IconButton aria-label="Previous images" variant="secondary" size="sm" onClick={() => move(-1)} disabled={!canMove}>
        <Icon name="chevronLeft" />
      </IconButton>
      <div
        className={s.slides}
        aria-live="polite"
        onTouchStart={(event) => {
          touchX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const from = touchX.current;
          const to = event.changedTouches[0]?.clientX;
          touchX.current = null;
          if (from == null || to == null || Math.abs(to - from) < SWIPE_PX) return;
          move(to < from ? 1 : -1);
        }}
      >
        {shown.map((index) => (
          <img key={index} src={images[index]} alt={`${title}, image ${index + 1} of ${count}`} loading="lazy" decoding="async" />
        ))}
      </div>
      <IconButton aria-label="Next images" variant="secondary" size="sm" onClick={() => move(1)} disabled={!canMove}>
        <Icon name="chevronRight" />
      </IconButton>
    </div>
  );
}
