/**
 * Saving a drag or a keyboard move: the block goes to its new place at once (the cache is edited),
 * the PUT carries the version, moves of one appointment are sent one after another (each with the
 * version the last answered, so quick key presses do not refuse each other), and the new time is
 * said in the live region. A refusal puts the block back and says why. An answer is drawn only
 * when no later move of that appointment is on its way: drawing an earlier one would put the block
 * back a step, and the next key press would step from there (four quick ↓ made 45 minutes, not 60).
 */
import { useCallback, useRef, useState } from 'react';
import type { Appointment } from '../../contract/appointments';
import { MESSAGES } from '../../contract/messages';
import { serverMessage } from '../../core';
import { useQueryCache, useToast } from '../../runtime';
import type { CalendarApi, RangeAnswer } from './calendarApi';
import { appointmentName, calendarKeys, movedSentence, withTimes } from './calendarModel';
import type { AppointmentTimes } from './model';

const replaceIn = (id: Appointment['id'], next: (a: Appointment) => Appointment) => (data: unknown) => {
  const range = data as RangeAnswer | undefined;
  if (!range || !Array.isArray(range.appointments)) return data;
  return { ...range, appointments: range.appointments.map((a) => (String(a.id) === String(id) ? next(a) : a)) };
};

export function useMoveAppointment(api: CalendarApi, zone: string) {
  const cache = useQueryCache();
  const toast = useToast();
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(new Map<string, Appointment>());
  const queue = useRef(new Map<string, Promise<unknown>>());
  /** Each appointment's latest move, numbered: only its answer is drawn. */
  const newest = useRef(new Map<string, number>());
  const moves = useRef(0);

  const move = useCallback(
    (appointment: Appointment, times: AppointmentTimes) => {
      const id = String(appointment.id);
      const number = ++moves.current;
      newest.current.set(id, number);
      cache.setData(calendarKeys.all, replaceIn(appointment.id, (a) => withTimes(a, times)));
      setAnnouncement(movedSentence(appointmentName(appointment), times, zone));
      const send = async () => {
        const known = latest.current.get(id);
        const base = known && known.version > appointment.version ? known : appointment;
        try {
          const result = await api.update(appointment.id, { ...withTimes(base, times), version: base.version });
          latest.current.set(id, result.appointment);
          if (newest.current.get(id) === number) cache.setData(calendarKeys.all, replaceIn(appointment.id, () => result.appointment));
          if (result.kind === 'conflict') {
            toast.error(MESSAGES.appointments.conflict);
            setAnnouncement(MESSAGES.appointments.conflict);
          }
        } catch (error) {
          toast.error(serverMessage(error, 'The appointment could not be moved. Please try again.'));
          setAnnouncement('The appointment could not be moved.');
          cache.invalidate(calendarKeys.all);
        }
      };
      const next = (queue.current.get(id) ?? Promise.resolve()).then(send);
      queue.current.set(id, next);
      void next.then(() => {
        if (queue.current.get(id) === next) queue.current.delete(id);
      });
    },
    [api, cache, toast, zone],
  );

  return { move, announcement };
}
