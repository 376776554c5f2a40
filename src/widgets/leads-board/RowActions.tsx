/**
 * The Actions cell of a lead row (docs/product/screens.md): a WhatsApp chat to the lead's phone and
 * a `mailto:` link (real targets where the original description had placeholders), then edit
 * (lead-edit) and delete (lead-delete), hidden when the permission is missing; the lead's history
 * and notes for everyone who reads leads; "Schedule visit" (event-create), the calendar's New
 * appointment form pre-filled with the lead (its chunk starts loading as the pointer reaches it).
 */
import type { ReactElement } from 'react';
import type { Lead } from '../../contract';
import { Icon, IconButton } from '../../ui';
import { cx } from '../../ui/css';
import { scheduleVisitForm } from '../calendar/widget';
import { leadsStyles } from './leadsStyles';
import { leadName, mailtoLink, whatsappLink } from './leadsModel';

const CHAT_PATH = 'M21 11.5a8.4 8.4 0 0 1-12.3 7.5L3 21l2-5.6A8.4 8.4 0 1 1 21 11.5z';
const HISTORY_PATH = 'M12 7v5l3 2M3.05 11a9 9 0 1 1 .5 4M3 20v-5h5';
const MAIL_PATH = 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6';
const SCHEDULE_PATH = 'M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM12 13v6M9 16h6';
const preloadSchedule = () => void scheduleVisitForm.preload().catch(() => {});

function LineIcon({ path }: { path: string }): ReactElement {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

export interface RowActionsProps {
  lead: Lead;
  canEdit: boolean;
  canDelete: boolean;
  onEdit(lead: Lead): void;
  onHistory(lead: Lead): void;
  onDelete(lead: Lead): void;
  /** "Schedule visit" for the lead; left out without event-create. */
  onSchedule?(lead: Lead): void;
}

/**
 * Chat, mail, edit and delete for one lead.
 *
 * @example
 * <RowActions lead={lead} canEdit canDelete={false} onEdit={open} onDelete={confirm} />
 */
export function RowActions({ lead, canEdit, canDelete, onEdit, onHistory, onDelete, onSchedule }: RowActionsProps): ReactElement {
  const s = leadsStyles();
  const name = leadName(lead) || `lead ${lead.id}`;
  const chat = whatsappLink(lead.phone);
  const mail = mailtoLink(lead.email);
  return (
    <div className={s.actions}>
      {chat ? (
        <a className={s.actionLink} href={chat} target="_blank" rel="noopener noreferrer" aria-label={`Chat with ${name} on WhatsApp`} title="Chat on WhatsApp">
          <LineIcon path={CHAT_PATH} />
        </a>
      ) : (
        <span className={cx(s.actionLink, s.actionDisabled)} role="img" aria-label={`No phone number for ${name}`} title="No phone number">
          <LineIcon path={CHAT_PATH} />
        </span>
      )}
      {mail ? (
        <a className={s.actionLink} href={mail} aria-label={`Email ${name}`} title="Send e-mail">
          <LineIcon path={MAIL_PATH} />
        </a>
      ) : (
        <span className={cx(s.actionLink, s.actionDisabled)} role="img" aria-label={`No e-mail address for ${name}`} title="No e-mail address">
          <LineIcon path={MAIL_PATH} />
        </span>
      )}
      <IconButton size="sm" aria-label={`History of ${name}`} title="History and notes" onClick={() => onHistory(lead)}>
        <LineIcon path={HISTORY_PATH} />
      </IconButton>
      {onSchedule && (
        <IconButton size="sm" aria-label={`Schedule visit with ${name}`} title="Schedule visit" onClick={() => onSchedule(lead)} onPointerEnter={preloadSchedule} onFocus={preloadSchedule}>
          <LineIcon path={SCHEDULE_PATH} />
        </IconButton>
      )}
      {canEdit && (
        <IconButton size="sm" aria-label={`Edit ${name}`} onClick={() => onEdit(lead)}>
          <Icon name="edit" />
        </IconButton>
      )}
      {canDelete && (
        <IconButton size="sm" aria-label={`Delete ${name}`} className={s.danger} onClick={() => onDelete(lead)}>
          <Icon name="trash" />
        </IconButton>
      )}
    </div>
  );
}
