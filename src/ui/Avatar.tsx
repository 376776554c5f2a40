/**
 * A round user or company picture, falling back to initials when there is no image or it fails
 * to load (docs/product/screens.md: top-bar avatar, settings avatar upload, company banner letter).
 *
 * @example
 * <Avatar name={user.name} src={user.avatar} size={36} />
 */
import { useState, type ReactElement } from 'react';
import { css, cx, lazyStyles } from './css';
import { initials } from './initials';
import { v } from './theme';

export interface AvatarProps {
  /** Whose picture it is; the alt text and the source of the initials. */
  name: string;
  src?: string | null;
  /** Diameter in pixels (default 32). */
  size?: number;
  /** `rounded` suits company logos. */
  shape?: 'circle' | 'rounded';
  /** Hides it from screen readers when the name is already written next to it. */
  decorative?: boolean;
  className?: string;
}

const styles = lazyStyles(() => ({
  avatar: css`
    display: inline-flex;
    flex: none;
    align-items: center;
    justify-content: center;
    overflow: hidden;
    /* Opaque: the initials keep their contrast over a hovered button or an open menu's trigger. */
    background: color-mix(in srgb, ${v('accent')} 14%, ${v('surface')});
    color: ${v('accent-text')};
    font-weight: 600;
    line-height: 1;
    user-select: none;
  `,
  circle: css`border-radius: 50%;`,
  rounded: css`border-radius: ${v('radius')};`,
  img: css`width: 100%; height: 100%; object-fit: cover; display: block;`,
}));

/**
 * An avatar.
 *
 * @example
 * <Avatar name="Asha Rao" />
 */
export function Avatar({ name, src, size = 32, shape = 'circle', decorative = false, className }: AvatarProps): ReactElement {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const s = styles();
  const showImage = !!src && failedSrc !== src;
  return (
    <span
      className={cx(s.avatar, s[shape], className)}
      style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) }}
      {...(decorative ? { 'aria-hidden': true } : showImage ? {} : { role: 'img', 'aria-label': name })}
    >
      {showImage ? (
        <img className={s.img} src={src} alt={decorative ? '' : name} onError={() => setFailedSrc(src)} />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
