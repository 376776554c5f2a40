/**
 * A link to another app path from a sign-in screen: a real anchor (so it opens in a new tab and
 * reads as a link), routed through `onNavigate` when the host gives one, else the mount's router.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactElement, ReactNode } from 'react';
import { Link } from '../../runtime/router';
import type { AuthNavigate } from './useAuthNavigate';

export interface AuthLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  onNavigate?: AuthNavigate;
  children: ReactNode;
}

/**
 * @example
 * <AuthLink to="/login" onNavigate={props.onNavigate}>Sign in</AuthLink>
 */
export function AuthLink({ to, onNavigate, onClick, children, ...rest }: AuthLinkProps): ReactElement {
  if (!onNavigate) {
    return (
      <Link to={to} onClick={onClick} {...rest}>
        {children}
      </Link>
    );
  }
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(to);
  };
  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
