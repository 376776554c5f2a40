/** The React host example's entry: the host app renders into #root with its own React 19 root. */
import { createRoot } from 'react-dom/client';
import { HostApp } from './HostApp';

const root = document.getElementById('root');
if (root) createRoot(root).render(<HostApp apiBase={root.dataset.apiBase ?? ''} />);
