/**
 * A read-only star rating: whole, half and empty stars, and the figure beside them. Screen
 * readers hear "Rated 4.8 out of 5" once instead of five separate stars.
 *
 * @example
 * <StarRating rating={4.3} /> // ★★★★⯨ 4.3
 */
import { useId, type ReactElement } from 'react';
import { css, lazyStyles } from '../../ui/css';
import { Icon } from '../../ui/Icon';
import { v } from '../../ui/theme';
import { MAX_RATING } from './dashboardData';
import { starSplit } from './dashboardModel';

export interface StarRatingProps {
  rating: number;
  max?: number;
}

/** Screen-reader wording of a rating. */
export const ratingLabel = (rating: number, max: number = MAX_RATING): string => `Rated ${rating.toFixed(1)} out of ${max}`;

/** Star gold: readable on white and distinct from the orange accent. */
const STAR = '#f59e0b';

const styles = lazyStyles(() => ({
  root: css`display: inline-flex; align-items: center; gap: 6px; white-space: nowrap;`,
  stars: css`display: inline-flex; align-items: center; gap: 1px; color: ${STAR};`,
  empty: css`color: ${v('border')};`,
  figure: css`font-size: 12px; font-weight: 600; color: ${v('text')}; font-variant-numeric: tabular-nums;`,
}));

function HalfStar({ size }: { size: number }): ReactElement {
  const id = `ed-half${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id}>
          <stop offset="50%" stopColor="currentColor" />
          <stop offset="50%" stopColor="transparent" />
        </linearGradient>
      </defs>
      <path
        d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"
        fill={`url(#${id})`}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A star rating.
 *
 * @example
 * <StarRating rating={4.8} />
 */
export function StarRating({ rating, max = MAX_RATING }: StarRatingProps): ReactElement {
  const { full, half, empty } = starSplit(rating, max);
  const s = styles();
  return (
    <span className={s.root} role="img" aria-label={ratingLabel(rating, max)} data-rating={rating}>
      <span className={s.stars} aria-hidden="true">
        {Array.from({ length: full }, (_, i) => (
          <Icon key={`f${i}`} name="star" size={14} filled />
        ))}
        {half && <HalfStar size={14} />}
        {Array.from({ length: empty }, (_, i) => (
          <Icon key={`e${i}`} name="star" size={14} className={s.empty} />
        ))}
      </span>
      <span className={s.figure} aria-hidden="true">
        {rating.toFixed(1)}
      </span>
    </span>
  );
}
