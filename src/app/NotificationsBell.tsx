/**
 * The top bar's bell (docs/product/screens.md, "Sidebar and top bar"). Its static five items
 * stay, word for word; for someone who may read the calendar (event-read) their own appointments
 * due today and the overdue ones come first, in "Today" and "Overdue" groups, each leading to the
 * calendar, with their count on the badge and in the button's name. One call (GET
 * /appointments/due), made again on opening and when an appointment changes (live updates).
 * Keyboard and screen reader: the UI kit's menu button (arrows, Home, End, Escape), groups named.
 */
import type { ReactElement } from 'react';
import { PERMISSIONS } from '../contract';
import { useApi, useCan, useLiveReload, useQuery } from '../runtime';
import { useLocation } from '../runtime/router';
import { Icon, Menu, type MenuItem } from '../ui';
import { CALENDAR_SCREENS } from '../widgets/calendar/widget';
import { BELL_TEXT, bellLabel, dueCount, dueItems, notListed, NOTIFICATIONS } from './notifications';
import { dueKey, fetchDue } from './notificationsApi';

const WIDTH = 320;
const staticItems = (group?: string): MenuItem[] => NOTIFICATIONS.map((n) => ({ id: n.id, label: n.title, description: n.time, ...(group ? { group } : {}) }));

/** The bell as it was: the static list and its count. */
function StaticBell(): ReactElement {
  return (
    <Menu
      label={<Icon name="bell" size={18} />}
      aria-label={BELL_TEXT.name}
      variant="ghost"
      align="end"
      width={WIDTH}
      badge={NOTIFICATIONS.length}
      header={<strong>{BELL_TEXT.name}</strong>}
      items={staticItems()}
    />
  );
}

function DueBell(): ReactElement {
  const api = useApi();
  const [, navigate] = useLocation();
  const due = useQuery(dueKey, (signal) => fetchDue(api, signal));
  useLiveReload(['appointment'], [dueKey]);
  const toCalendar = () => navigate(CALENDAR_SCREENS.calendar.href());
  const answer = due.data;
  const items: MenuItem[] = [];
  let state: string | null = null;
  if (answer) {
    const listed = dueItems(answer);
    for (const group of ['today', 'overdue'] as const) {
      const name = group === 'today' ? BELL_TEXT.today : BELL_TEXT.overdue;
      for (const item of listed.filter((i) => i.group === group)) items.push({ id: item.id, group: name, label: item.label, description: item.description, onSelect: toCalendar });
      const more = notListed(answer, group);
      if (more > 0) items.push({ id: `more-${group}`, group: name, label: BELL_TEXT.more(more), onSelect: toCalendar });
    }
    if (listed.length === 0) state = BELL_TEXT.nothingDue;
  } else if (due.error) {
    state = BELL_TEXT.failed;
    items.push({ id: 'retry', label: BELL_TEXT.retry, onSelect: () => due.refetch() });
  } else {
    state = BELL_TEXT.loading;
  }
  const count = answer ? dueCount(answer) : 0;
  return (
    <Menu
      label={<Icon name="bell" size={18} />}
      aria-label={BELL_TEXT.name}
      triggerLabel={answer ? bellLabel(count) : BELL_TEXT.name}
      variant="ghost"
      align="end"
      width={WIDTH}
      badge={count > 0 ? count : undefined}
      badgeInName={false}
      onOpen={() => due.refetch()}
      header={
        <>
          <strong>{BELL_TEXT.name}</strong>
          {state && (
            <span role="status" style={{ display: 'block', marginTop: 4 }}>
              {state}
            </span>
          )}
        </>
      }
      items={[...items, ...staticItems(BELL_TEXT.updates)]}
    />
  );
}

/** The bell: due appointments for those with event-read, the static list for everyone. */
export function NotificationsBell(): ReactElement {
  const canRead = useCan(PERMISSIONS.eventRead).allowed;
  return canRead ? <DueBell /> : <StaticBell />;
}
