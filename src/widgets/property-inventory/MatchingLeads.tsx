/**
 * Beyond the original description, on a property's details: the company's leads looking for this
 * kind of property (GET /properties/{id}/leads — same city first, then the most recently added, at
 * most 10), each one click from the lead on the leads board (`/leads-management?lead={id}`). Shown
 * only with lead-read (docs/product/roles.md): without it nothing is asked and nothing shows.
 */
import type { ReactElement } from 'react';
import { LEAD_PROPERTY_TYPES, PERMISSIONS, type MatchingLead, type Property } from '../../contract';
import { Link, useCan, useQuery } from '../../runtime';
import { Badge, Button, LoadingState } from '../../ui';
import { usePropertiesApi } from './propertiesApi';
import { propertyKeys } from './propertiesModel';
import { propertyStyles } from './propertyStyles';
import { LEADS_SCREENS } from '../leads-board/widget';

export const LEADS_BOARD_PATH = LEADS_SCREENS.board.href();

export const MATCHING_TEXT = {
  heading: 'Matching leads',
  failed: 'Failed to load matching leads',
  noType: 'Set a property type to see the leads looking for it.',
  none: (type: string) => `No leads are looking for a ${type} yet.`,
  /** "10 of 34, same city first"; "10 of 1,000+" when the server stopped counting. */
  summary: (shown: number, total: number, capped = false) => {
    const all = `${total.toLocaleString('en-IN')}${capped ? '+' : ''}`;
    return total > shown || capped ? `${shown} of ${all}, same city first` : `${all}, same city first`;
  },
  board: 'Open the leads board',
} as const;

/** Where a lead opens: the leads board, told which lead. */
export const leadPath = (lead: MatchingLead): string => LEADS_SCREENS.board.href({}, { lead: lead.id });

const leadName = (lead: MatchingLead): string =>
  lead.name?.trim() || [lead.first_name, lead.last_name].filter((part) => part && part.trim()).join(' ') || `Lead ${String(lead.id)}`;

const wantedType = (lead: MatchingLead): string | null => LEAD_PROPERTY_TYPES[Number(lead.property_type) - 1] ?? null;

function LeadsList({ property }: { property: Property }): ReactElement {
  const api = usePropertiesApi();
  const result = useQuery(propertyKeys.leads(property.id), (signal) => api.matchingLeads(property.id, signal));
  const s = propertyStyles();
  const type = property.property_type?.trim();
  if (result.loading) return <LoadingState label="Loading matching leads..." />;
  if (result.status === 'error' || !result.data) {
    return (
      <div className={s.leadsNote} role="alert">
        <span>{MATCHING_TEXT.failed}</span>
        <Button size="sm" variant="secondary" onClick={result.refetch}>
          Retry
        </Button>
      </div>
    );
  }
  const { leads, total, capped } = result.data;
  if (!leads.length) return <p className={s.text}>{type ? MATCHING_TEXT.none(type) : MATCHING_TEXT.noType}</p>;
  return (
    <>
      <p className={s.leadsSummary}>{MATCHING_TEXT.summary(leads.length, total, capped)}</p>
      <ul className={s.leads} aria-label={MATCHING_TEXT.heading}>
        {leads.map((lead) => {
          const wanted = wantedType(lead);
          return (
            <li key={String(lead.id)}>
              <div className={s.leadTop}>
                <Link to={leadPath(lead)} className={s.leadName}>
                  {leadName(lead)}
                </Link>
                {lead.workflow ? <Badge colour="grey">{lead.workflow}</Badge> : null}
              </div>
              <div className={s.meta}>
                {wanted ? <span>Wants: {wanted}</span> : null}
                {lead.city?.trim() ? <span>{lead.city}</span> : null}
                {lead.city_match ? <Badge colour="green">Same city</Badge> : null}
                {lead.phone?.trim() ? <span>{lead.phone}</span> : null}
              </div>
            </li>
          );
        })}
      </ul>
      <Link to={LEADS_BOARD_PATH} className={s.leadsBoardLink}>
        {MATCHING_TEXT.board}
      </Link>
    </>
  );
}

export function MatchingLeads({ property }: { property: Property }): ReactElement | null {
  const canRead = useCan(PERMISSIONS.leadRead).allowed;
  const s = propertyStyles();
  if (!canRead) return null;
  return (
    <section className={s.panel} aria-labelledby="matching-leads-heading">
      <h3 id="matching-leads-heading" className={s.section}>
        {MATCHING_TEXT.heading}
      </h3>
      <LeadsList property={property} />
    </section>
  );
}
