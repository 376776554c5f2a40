/** docs/product/screens.md: the page for unknown routes and screens not built yet reads "Oops! Try Again Later". */
import { MESSAGES } from '../contract';
import { Link } from '../runtime/router';
import { css, lazyStyles, v } from '../ui';
import { HOME_PATH } from './routes';

const styles = lazyStyles(() => ({
  wrap: css`
    display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 12px;
    min-height: 60vh; text-align: center; padding: 32px 16px;
  `,
  code: css`font-size: 56px; font-weight: 800; color: ${v('accent')}; line-height: 1;`,
  title: css`font-size: 22px; font-weight: 700; color: ${v('text')};`,
  text: css`color: ${v('muted')}; max-width: 420px;`,
}));

export default function FallbackPage() {
  const s = styles();
  return (
    <div className={s.wrap} role="alert">
      <div className={s.code} aria-hidden="true">!</div>
      <h1 className={s.title}>{MESSAGES.generic.fallbackPage}</h1>
      <p className={s.text}>This page is not available right now.</p>
      <Link to={HOME_PATH}>Back to the dashboard</Link>
    </div>
  );
}
