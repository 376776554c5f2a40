/**
 * A small React app of an agency ("Harbor Agents") using the npm components: one provider, the
 * sign-in form, the leads board and the dashboard, its own tabs and dark-mode switch, and a log
 * of the events EstateDesk reports.
 */
import { useCallback, useState, type CSSProperties } from 'react';
import { Dashboard, EstateDeskProvider, LeadsBoard, SignIn, type HostEventListener } from 'estatedesk';

type Tab = 'leads' | 'dashboard';

const bar: CSSProperties = {
  position: 'sticky', top: 0, zIndex: 10, display: 'flex', alignItems: 'center', gap: 16,
  padding: '12px 24px', background: '#0f766e', color: '#fff',
};
const tabButton = (active: boolean): CSSProperties => ({
  border: 0, borderRadius: 6, padding: '6px 12px', cursor: 'pointer', font: 'inherit',
  background: active ? '#fff' : 'transparent', color: active ? '#0f766e' : '#fff',
});
const layout: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 24, padding: 24, alignItems: 'flex-start' };

export function HostApp({ apiBase }: { apiBase: string }) {
  const [tab, setTab] = useState<Tab>('leads');
  const [dark, setDark] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const onEvent = useCallback<HostEventListener>((type) => setLog((l) => [...l.slice(-9), type]), []);

  return (
    <EstateDeskProvider
      config={{ apiBase, storagePrefix: 'harbor.' }}
      appearance={{ variables: { accent: '#0f766e', radius: '6px' }, dark }}
      onEvent={onEvent}
    >
      <header style={bar}>
        <strong style={{ fontSize: 18, marginRight: 16 }}>Harbor Agents</strong>
        <nav style={{ display: 'flex', gap: 8, flex: 1 }} aria-label="Host sections">
          <button type="button" style={tabButton(tab === 'leads')} onClick={() => setTab('leads')}>Leads</button>
          <button type="button" style={tabButton(tab === 'dashboard')} onClick={() => setTab('dashboard')}>Dashboard</button>
        </nav>
        <label style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          <input type="checkbox" checked={dark} onChange={(e) => setDark(e.target.checked)} /> Dark widgets
        </label>
      </header>
      <div style={layout}>
        <main style={{ flex: '1 1 640px', minWidth: 0 }}>{tab === 'leads' ? <LeadsBoard /> : <Dashboard />}</main>
        <aside style={{ flex: '0 1 360px', display: 'grid', gap: 16 }}>
          <SignIn />
          <section aria-label="EstateDesk events" style={{ background: '#fff', borderRadius: 8, padding: 16 }}>
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
