/**
 * The calls of a lead's history (src/contract/activity.ts): its timeline, and the notes staff add.
 * Apart from leadsApi.ts so the board's first chunk carries none of it.
 */
import { useMemo } from 'react';
import { ACTIVITY_PATHS, NoteAnswer, SuccessAnswer, TimelineAnswer, type Id, type LeadNote, type NoteRequest, type TimelineEntry } from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';

export interface TimelinePage {
  entries: TimelineEntry[];
  next: number | null;
}

export interface LeadHistoryApi {
  timeline(leadId: Id, before: number | null, signal?: AbortSignal): Promise<TimelinePage>;
  addNote(leadId: Id, note: NoteRequest): Promise<LeadNote>;
  editNote(leadId: Id, noteId: number, note: NoteRequest): Promise<LeadNote>;
  deleteNote(leadId: Id, noteId: number): Promise<void>;
}

export const TIMELINE_PAGE_SIZE = 20;

export function createLeadHistoryApi(api: ApiClient): LeadHistoryApi {
  return {
    async timeline(leadId, before, signal) {
      const answer = await api.get(ACTIVITY_PATHS.timeline(leadId), { query: { pageSize: TIMELINE_PAGE_SIZE, before: before ?? undefined }, schema: TimelineAnswer, signal });
      return { entries: answer.data.data, next: answer.data.next };
    },
    async addNote(leadId, note) {
      return (await api.post(ACTIVITY_PATHS.notes(leadId), { body: note, schema: NoteAnswer })).data;
    },
    async editNote(leadId, noteId, note) {
      return (await api.put(ACTIVITY_PATHS.note(leadId, noteId), { body: note, schema: NoteAnswer })).data;
    },
    async deleteNote(leadId, noteId) {
      await api.del(ACTIVITY_PATHS.note(leadId, noteId), { schema: SuccessAnswer });
    },
  };
}

export function useLeadHistoryApi(): LeadHistoryApi {
  const api = useApi();
  return useMemo(() => createLeadHistoryApi(api), [api]);
}
