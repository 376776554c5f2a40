/**
 * A small React app of an agency ("Harbor Agents") using the npm components: one provider, the
 * sign-in form, the leads board and the dashboard, its own tabs and dark-mode switch, and a log
 * of the events EstateDesk reports.
 */
import { useCallback, useState, type CSSProperties } from 'react';
import { Dashboard, EstateDeskProvider, LeadsBoard, SignIn, type HostEventListener } from 'estatedesk';

type Tab = 'leads' | 'dashboard';

const bar: CSSProperties = {
  position: 'sticky', top: 0, zIndex: 10, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px',
  padding: '12px 24px', background: '#0f766e', color: '#fff',
};
const tabButton = (active: boolean): CSSProperties => ({
  border: 0, borderRadius: 6, padding: '6px 12px', cursor: 'pointer', font: 'inherit',
  background: active ? '#fff' : 'transparent', color: active ? '#0f766e' : '#fff',
});
const layout = (dark: boolean): CSSProperties => ({
  display: 'flex', flexWrap: 'wrap', gap: 24, padding: 'clamp(8px, 3vw, 24px)', alignItems: 'flex-start', minHeight: '100vh',
  // The host follows its own switch too, so dark widgets sit on a dark page.
  background: dark ? '#0b1120' : '#f1f5f9', color: dark ? '#e2e8f0' : '#0f172a',
});
const panel = (dark: boolean): CSSProperties => ({ background: dark ? '#1e293b' : '#fff', borderRadius: 8, padding: 16 });

export function HostApp({ apiBase, nonce }: { apiBase: string; nonce?: string }) {
  const [tab, setTab] = useState<Tab>('leads');
  const [dark, setDark] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const onEvent = useCallback<HostEventListener>((type) => setLog((l) => [...l.slice(-9), type]), []);

  return (
    <EstateDeskProvider
      config={{ apiBase, storagePrefix: 'harbor.' }}
      appearance={{ variables: { accent: '#0f766e', radius: '6px' }, dark }}
      onEvent={onEvent}
      nonce={nonce}
    >
      <header style={bar}>
        <strong style={{ fontSize: 18, marginRight: 8 }}>Harbor Agents</strong>
        <nav style={{ display: 'flex', gap: 8, flex: 1 }} aria-label="Host sections">
          <button type="button" style={tabButton(tab === 'leads')} onClick={() => setTab('leads')}>Leads</button>
          <button type="button" style={tabButton(tab === 'dashboard')} onClick={() => setTab('dashboard')}>Dashboard</button>
        </nav>
        <label style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          <input type="checkbox" checked={dark} onChange={(e) => setDark(e.target.checked)} /> Dark widgets
        </label>
      </header>
      <div style={layout(dark)}>
        <main style={{ flex: '1 1 640px', minWidth: 0 }}>{tab === 'leads' ? <LeadsBoard /> : <Dashboard />}</main>
        <aside style={{ flex: '0 1 360px', display: 'grid', gap: 16 }}>
          <SignIn />
          <section aria-label="EstateDesk events" style={panel(dark)}>
            <h2 style={{ margin: '0 0 8px', fontSize: 16 }}>Events</h2>
            <ol id="host-events" style={{ margin: 0, paddingLeft: 20 }}>
              {log.map((entry, i) => (
                <li key={i}>{entry}</li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </EstateDeskProvider>
  );
}
