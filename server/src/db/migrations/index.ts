/**
 * The ordered migration set. Add new files here with a later date prefix; never edit old ones.
 */
import type { Migration } from 'kysely';
import * as initial from './2026_11_22_0001_initial';
import * as leadSearch from './2026_11_22_0002_lead_search';
import * as leadSearchCompany from './2026_11_22_0003_lead_search_company';
import * as propertyGallery from './2026_11_24_0001_property_gallery';
import * as propertyListSpeed from './2026_11_24_0101_property_list_speed';
import * as account from './2026_11_25_0001_account';
import * as dashboardCounts from './2026_11_25_0002_dashboard_counts';
import * as propertyListingVersions from './2026_11_25_0003_property_listing_versions';
import * as emailChangeUndo from './2026_11_26_0001_email_change_undo';
import * as roleReadRule from './2026_11_26_0002_role_read_rule';
import * as twoFactor from './2026_11_26_0003_two_factor';
import * as invitationSends from './2026_11_26_0004_invitation_sends';
import * as cleanStoredText from './2026_11_26_0005_clean_stored_text';
import * as sharedState from './2026_11_26_0010_shared_state';
import * as propertyPageChanges from './2026_11_26_0030_property_page_changes';
import * as leadSearchDoc from './2026_11_26_0040_lead_search_doc';
import * as leadUnfinishedImports from './2026_11_26_0040_lead_unfinished_imports';
import * as appointments from './2026_11_27_0100_appointments';
import * as activity from './2026_11_27_0001_activity';
import * as webhooks from './2026_11_27_0200_webhooks';
import * as activityLead from './2026_11_28_0100_activity_lead';
import * as appointmentVersions from './2026_11_28_0200_appointment_versions';

export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_initial': initial,
  '2026_11_22_0002_lead_search': leadSearch,
  '2026_11_22_0003_lead_search_company': leadSearchCompany,
  '2026_11_24_0001_property_gallery': propertyGallery,
  '2026_11_24_0101_property_list_speed': propertyListSpeed,
  '2026_11_25_0001_account': account,
  '2026_11_25_0002_dashboard_counts': dashboardCounts,
  '2026_11_25_0003_property_listing_versions': propertyListingVersions,
  '2026_11_26_0001_email_change_undo': emailChangeUndo,
  '2026_11_26_0002_role_read_rule': roleReadRule,
  '2026_11_26_0003_two_factor': twoFactor,
  '2026_11_26_0004_invitation_sends': invitationSends,
  '2026_11_26_0005_clean_stored_text': cleanStoredText,
  '2026_11_26_0010_shared_state': sharedState,
  '2026_11_26_0030_property_page_changes': propertyPageChanges,
  '2026_11_26_0040_lead_search_doc': leadSearchDoc,
  '2026_11_26_0040_lead_unfinished_imports': leadUnfinishedImports,
  '2026_11_27_0100_appointments': appointments,
  '2026_11_27_0001_activity': activity,
  '2026_11_27_0200_webhooks': webhooks,
  '2026_11_28_0100_activity_lead': activityLead,
  '2026_11_28_0200_appointment_versions': appointmentVersions,
};
