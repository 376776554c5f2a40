/** The React host example's entry: the host app renders into #root with its own React 19 root. */
import { createRoot } from 'react-dom/client';
import { HostApp } from './HostApp';

const root = document.getElementById('root');
// The page's CSP nonce (the EstateDesk server puts it in a meta tag), for EstateDesk's style element.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.nonce || undefined;
if (root) createRoot(root).render(<HostApp apiBase={root.dataset.apiBase ?? ''} nonce={nonce} />);
