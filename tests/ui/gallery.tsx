/**
 * A visual check page for the UI kit: every primitive in its states, on one page, inside a widget
 * root (scoped reset + theme variables + overlay layer) exactly as a widget would be. Rendered by
 * the screenshot check in Chromium at wide and narrow widths.
 *
 * `open` shows one overlay open for its own screenshot; `hostile` adds a host stylesheet with the
 * rules the scoped reset must survive.
 *
 * @example
 * createRoot(el).render(<UiGallery />);
 * createRoot(el).render(<UiGallery open="modal" hostile />);
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import { ACTIVITIES, EDIT_LEAD_MODAL_WIDTH, LEAD_PROPERTY_TYPES, LEAD_SOURCES, YEAR_BUILT_MIN, statusBadgeColour } from '../../src/contract/constants';
import { MESSAGES } from '../../src/contract/messages';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Chart,
  CheckboxField,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  FileField,
  FormActions,
  FormGrid,
  FormSection,
  Gauge,
  Icon,
  IconButton,
  LoadingState,
  Menu,
  Modal,
  NumberField,
  OverlayLayer,
  Pager,
  PasswordField,
  SelectField,
  Sparkline,
  Spinner,
  Tabs,
  TextArea,
  TextField,
  Toasts,
  css,
  dataTableColumns,
  lazyStyles,
  rootClass,
  themeVariables,
  v,
  type DataTableColumn,
  type ToastView,
} from '../../src/ui';

/** The rules a hostile CRM page might ship; the scoped reset must keep them out. */
export const HOSTILE_HOST_CSS =
  '* { box-sizing: content-box; font: 20px serif; color: red } button { all: unset } table, div { border: 3px solid }';

interface Lead {
  id: number;
  name: string;
  email: string;
  phone: string;
  status: string;
  propertyType: string;
  source: string;
}

const LEADS: Lead[] = [
  { id: 1, name: 'Asha Rao', email: 'asha.rao@example.com', phone: '+91 98450 12345', status: 'Open', propertyType: 'Apartment', source: 'Website' },
  { id: 2, name: 'Vikram Shah', email: 'vikram.shah@example.com', phone: '+91 99000 22334', status: 'Won', propertyType: 'Villa', source: 'Referral' },
  { id: 3, name: 'Meera Iyer', email: 'meera.iyer@example.com', phone: '+91 90080 44556', status: 'Lost', propertyType: 'Plot', source: 'Walk-in' },
  { id: 4, name: 'Rohan Mehta', email: 'rohan.mehta@example.com', phone: '+91 98860 77889', status: 'Progress', propertyType: 'Penthouse', source: 'Ads campaign' },
];

const col = dataTableColumns<Lead>();
const LEAD_COLUMNS: DataTableColumn<Lead>[] = [
  col.accessor('name', { header: 'Name', cell: (info) => <strong>{info.getValue()}</strong> }),
  col.accessor('email', { header: 'Email' }),
  col.accessor('phone', { header: 'Phone', meta: { nowrap: true } }),
  col.accessor('status', { header: 'Status', cell: (info) => <Badge colour={statusBadgeColour(info.getValue())}>{info.getValue()}</Badge> }),
  col.accessor('propertyType', { header: 'Property Type' }),
  col.accessor('source', { header: 'Lead Source' }),
  col.display({
    id: 'actions',
    header: 'Actions',
    meta: { align: 'right', nowrap: true },
    cell: ({ row }) => (
      <>
        <IconButton aria-label={`Edit ${row.original.name}`} size="sm">
          <Icon name="edit" />
        </IconButton>
        <IconButton aria-label={`Delete ${row.original.name}`} size="sm">
          <Icon name="trash" />
        </IconButton>
      </>
    ),
  }),
];

const TOASTS: ToastView[] = [
  { id: 't1', kind: 'success', message: MESSAGES.leads.added },
  { id: 't2', kind: 'error', message: MESSAGES.leads.fetchFailed },
  { id: 't3', kind: 'info', message: MESSAGES.auth.resetLinkSent },
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const styles = lazyStyles(() => ({
  page: css`
    min-height: 100vh;
    padding: 24px;
    background: ${v('bg')};
    @media (max-width: 640px) { padding: 12px; }
  `,
  title: css`margin: 0 0 4px; font-size: 22px; font-weight: 700;`,
  lead: css`margin: 0 0 24px; color: ${v('muted')};`,
  grid: css`
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
    gap: 20px;
    align-items: start;
    @media (max-width: 400px) { grid-template-columns: minmax(0, 1fr); }
  `,
  wide: css`grid-column: 1 / -1;`,
  row: css`display: flex; flex-wrap: wrap; align-items: center; gap: 10px;`,
  stack: css`display: flex; flex-direction: column; gap: 14px;`,
  label: css`margin: 0 0 6px; font-size: 12px; font-weight: 600; color: ${v('muted')}; text-transform: uppercase; letter-spacing: 0.04em;`,
  trend: css`display: flex; align-items: flex-end; justify-content: space-between; gap: 12px;`,
  figure: css`margin: 0; font-size: 24px; font-weight: 700;`,
  up: css`color: ${v('success')}; font-size: 13px; font-weight: 600;`,
  down: css`color: ${v('danger')}; font-size: 13px; font-weight: 600;`,
  // A transformed box makes the fixed toast stack position inside it, for the picture.
  toastBox: css`position: relative; height: 230px; transform: translateZ(0); overflow: hidden;`,
}));

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }): ReactElement {
  return (
    <Card title={title} headingAs="h2" className={wide ? styles().wide : undefined}>
      {children}
    </Card>
  );
}

function Label({ children }: { children: ReactNode }): ReactElement {
  return <p className={styles().label}>{children}</p>;
}

export interface UiGalleryProps {
  /** Shows one overlay open (for its own screenshot). */
  open?: 'modal' | 'confirm' | 'menu' | null;
  /** Adds the hostile host stylesheet around the widget root. */
  hostile?: boolean;
}

/**
 * Every UI primitive in its states.
 *
 * @example
 * <UiGallery open="confirm" />
 */
export function UiGallery({ open = null, hostile = false }: UiGalleryProps): ReactElement {
  const [tab, setTab] = useState('all');
  const [page, setPage] = useState(5);
  const [selected, setSelected] = useState<string[]>(['2']);
  const [modalOpen, setModalOpen] = useState(open === 'modal');
  const [confirmOpen, setConfirmOpen] = useState(open === 'confirm');
  const s = styles();
  const vars = themeVariables();

  return (
    <>
      {hostile && <style>{HOSTILE_HOST_CSS}</style>}
      <div className={rootClass()} style={vars} data-testid="ui-gallery">
        <OverlayLayer style={vars}>
          <div className={s.page}>
            <h1 className={s.title}>EstateDesk UI kit</h1>
            <p className={s.lead}>Every primitive in its states.</p>
            <div className={s.grid}>
              <Section title="Buttons">
                <div className={s.stack}>
                  <div className={s.row}>
                    <Button icon={<Icon name="plus" />}>Add Lead</Button>
                    <Button variant="secondary" icon={<Icon name="upload" />}>Import</Button>
                    <Button variant="danger">Delete</Button>
                    <Button variant="ghost">Cancel</Button>
                    <Button variant="link">Forgot your password?</Button>
                  </div>
                  <div className={s.row}>
                    <Button busy busyLabel="Saving...">Save Changes</Button>
                    <Button variant="secondary" busy busyLabel="Uploading...">Upload</Button>
                    <Button disabled>Disabled</Button>
                  </div>
                  <div className={s.row}>
                    <Button size="sm">Small</Button>
                    <Button size="md">Medium</Button>
                    <Button size="lg">Large</Button>
                    <IconButton aria-label="Notifications"><Icon name="bell" /></IconButton>
                    <IconButton aria-label="Settings" variant="secondary"><Icon name="settings" /></IconButton>
                    <Spinner label="Loading" />
                  </div>
                  <Button block size="lg" busy busyLabel="LOGGING IN...">LOGIN</Button>
                </div>
              </Section>

              <Section title="Badges, avatars and menus">
                <div className={s.stack}>
                  <div className={s.row}>
                    <Badge colour="sky">Open</Badge>
                    <Badge colour="green">Won</Badge>
                    <Badge colour="black">Lost</Badge>
                    <Badge colour="grey">Cold</Badge>
                    <Badge colour="orange">Sale</Badge>
                  </div>
                  <div className={s.row}>
                    <Avatar name="Asha Rao" size={40} />
                    <Avatar name="Vikram Shah" size={32} />
                    <Avatar name="Sunrise Realty" size={40} shape="rounded" />
                    <Avatar name="admin@example.com" size={28} />
                  </div>
                  <div className={s.row}>
                    <Menu
                      label={<Icon name="bell" size={18} />}
                      aria-label="Notifications"
                      badge={5}
                      items={[1, 2, 3, 4, 5].map((n) => ({ id: `n${n}`, label: `New lead assigned #${n}`, description: `${n * 7} minutes ago` }))}
                      width={280}
                    />
                    <Menu
                      label={<><Avatar name="Asha Rao" size={28} decorative /> Asha Rao <Icon name="chevronDown" /></>}
                      aria-label="Account menu"
                      header={<><strong>Asha Rao</strong><br />asha.rao@example.com</>}
                      items={[
                        { id: 'profile', label: 'Profile', icon: <Icon name="user" />, href: '#/profile' },
                        { id: 'logout', label: 'Logout', icon: <Icon name="logout" />, danger: true, onSelect: () => {} },
                      ]}
                    />
                  </div>
                  {open === 'menu' && <OpenMenuNote />}
                </div>
              </Section>

              <Section title="Dashboard figures">
                <div className={s.stack}>
                  <Gauge percentage={48} value="38,566" caption="Conversions" />
                  <Gauge percentage={75} value="45,566" caption="Total number of properties" type="property" />
                  <div className={s.trend}>
                    <div>
                      <Label>Total Number of Leads</Label>
                      <p className={s.figure}>18,765</p>
                      <span className={s.up}>▲ 2.6%</span>
                    </div>
                    <Sparkline values={[12, 14, 13, 16, 15, 18, 19]} change={2.6} label="Total Number of Leads trend" />
                  </div>
                  <div className={s.trend}>
                    <div>
                      <Label>Total Lost Leads</Label>
                      <p className={s.figure}>678</p>
                      <span className={s.down}>▼ 0.1%</span>
                    </div>
                    <Sparkline values={[9, 8, 8.5, 7, 7.4, 6.8, 6.7]} change={-0.1} label="Total Lost Leads trend" />
                  </div>
                </div>
              </Section>

              <Section title="Charts" wide>
                <FormGrid columns={3}>
                  <Chart type="line" labels={MONTHS} aria-label="Total vs Closed Properties" datasets={[{ name: 'Total', values: [30, 42, 38, 51, 47, 60, 58, 66, 71, 69, 78, 84] }, { name: 'Closed', values: [12, 18, 16, 22, 25, 28, 27, 33, 35, 38, 41, 46] }]} />
                  <Chart type="donut" labels={['Agents', 'Properties']} aria-label="Agents vs Properties" datasets={[{ values: [45, 15] }]} />
                  <Chart type="bar" labels={['Q1', 'Q2', 'Q3', 'Q4']} aria-label="Revenue vs Pipeline" datasets={[{ name: 'Revenue', values: [52, 61, 58, 74] }, { name: 'Pipeline', values: [68, 72, 80, 91] }]} />
                </FormGrid>
              </Section>

              <Section title="Leads table" wide>
                <div className={s.stack}>
                  <Tabs
                    label="Lead status"
                    value={tab}
                    onChange={setTab}
                    items={[
                      { id: 'all', label: 'All Contacts', count: 42 },
                      { id: 'open', label: 'Open', count: 18 },
                      { id: 'won', label: 'Won', count: 9 },
                      { id: 'lost', label: 'Lost', count: 15 },
                    ]}
                  >
                    <DataTable
                      columns={LEAD_COLUMNS}
                      data={LEADS}
                      getRowId={(lead) => String(lead.id)}
                      rowLabel={(lead) => lead.name}
                      selectable
                      selected={selected}
                      onSelectedChange={setSelected}
                      aria-label="Leads"
                    />
                    <Pager page={page} pageCount={10} onPageChange={setPage} />
                  </Tabs>
                  <Label>Loading</Label>
                  <DataTable columns={LEAD_COLUMNS} data={[]} loading selectable aria-label="Leads loading" />
                  <Label>Empty</Label>
                  <DataTable columns={LEAD_COLUMNS} data={[]} emptyText={MESSAGES.leads.noLeads} selectable aria-label="No leads" />
                  <Pager page={1} pageCount={3} onPageChange={() => {}} summary="3 matching leads" />
                </div>
              </Section>

              <Section title="Form" wide>
                <form onSubmit={(event) => event.preventDefault()} noValidate>
                  <FormSection title="Personal Information">
                    <FormGrid>
                      <TextField label="First name" required defaultValue="Asha" />
                      <TextField label="Last name" required error={MESSAGES.validation.lastNameRequired} />
                      <TextField label="Email" type="email" required defaultValue="asha@example" error={MESSAGES.validation.emailInvalid} />
                      <TextField label="Phone" hint="With country code" placeholder="+91" />
                    </FormGrid>
                  </FormSection>
                  <FormSection title="Lead Information" description="How the lead found us and what they want.">
                    <FormGrid columns={3}>
                      <SelectField label="Lead source" placeholder="Select source" options={LEAD_SOURCES} required defaultValue="" />
                      <SelectField label="Property type" options={LEAD_PROPERTY_TYPES.map((label, i) => ({ value: i + 1, label }))} defaultValue={1} />
                      <SelectField label="Activities" options={ACTIVITIES.map((label, i) => ({ value: i + 1, label }))} defaultValue={2} />
                      <NumberField label="Year built" min={YEAR_BUILT_MIN} max={new Date().getFullYear()} maxDigits={4} placeholder="2015" />
                      <NumberField label="Price (₹)" min={0} defaultValue={4500000} />
                      <PasswordField label="Password" defaultValue="S3cret!" hint="At least 6 characters" />
                      <FormGrid.Full>
                        <FileField label="Import file" accept=".csv,.xlsx,.xls" hint="CSV or Excel" />
                      </FormGrid.Full>
                      <FormGrid.Full>
                        <TextArea label="Notes" placeholder="Anything worth remembering" />
                      </FormGrid.Full>
                      <CheckboxField label="property-create" defaultChecked />
                      <CheckboxField label="property-read" />
                      <CheckboxField label="lead-delete" disabled />
                    </FormGrid>
                  </FormSection>
                  <FormActions>
                    <Button variant="secondary">Cancel</Button>
                    <Button type="submit">Save Changes</Button>
                  </FormActions>
                </form>
              </Section>

              <Section title="Overlays">
                <div className={s.row}>
                  <Button variant="secondary" onClick={() => setModalOpen(true)}>Open modal</Button>
                  <Button variant="danger" onClick={() => setConfirmOpen(true)}>Delete lead</Button>
                </div>
              </Section>

              <Section title="Toasts" wide>
                <div className={s.toastBox}>
                  <Toasts toasts={TOASTS} onDismiss={() => {}} />
                </div>
              </Section>

              <Section title="Loading state">
                <LoadingState label={MESSAGES.users.loading} />
              </Section>
              <Section title="Empty state">
                <EmptyState title={MESSAGES.properties.noFavourites} description="Tap the heart on a property to keep it here." action={<Button variant="secondary">Browse properties</Button>} />
              </Section>
              <Section title="Error state">
                <ErrorState message={MESSAGES.companies.fetchFailed} onRetry={() => {}} />
              </Section>
            </div>
          </div>

          <Modal
            open={modalOpen}
            onClose={() => setModalOpen(false)}
            title="Edit Lead"
            width={EDIT_LEAD_MODAL_WIDTH}
            footer={
              <>
                <Button variant="secondary" onClick={() => setModalOpen(false)}>Cancel</Button>
                <Button busy={false}>Save Changes</Button>
              </>
            }
          >
            <FormSection title="Personal Information">
              <FormGrid>
                <TextField label="First name" defaultValue="Asha" />
                <TextField label="Last name" defaultValue="Rao" />
                <TextField label="Email" defaultValue="asha.rao@example.com" />
                <TextField label="Phone" defaultValue="+91 98450 12345" />
              </FormGrid>
            </FormSection>
            <FormSection title="Address Information">
              <FormGrid>
                <FormGrid.Full><TextField label="Address" defaultValue="12 MG Road" /></FormGrid.Full>
                <TextField label="City" defaultValue="Bengaluru" />
                <TextField label="State" defaultValue="Karnataka" />
              </FormGrid>
            </FormSection>
          </Modal>
          <ConfirmDialog
            open={confirmOpen}
            title="Delete Lead"
            description="This lead will be removed for everyone in your company."
            confirmLabel="Delete"
            onConfirm={() => setConfirmOpen(false)}
            onCancel={() => setConfirmOpen(false)}
          />
        </OverlayLayer>
      </div>
    </>
  );
}

// The menu opens on interaction; the screenshot script clicks "Account menu" when `open="menu"`.
function OpenMenuNote(): ReactElement {
  return <p className={styles().label}>Click “Account menu” to open it.</p>;
}
