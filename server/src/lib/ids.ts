/** Route ids: only positive whole numbers exist; anything else is simply not found (404). */
import { ROW_ID_MAX } from '@contract';
import { notFound } from './http-error';

/** Whether a number can be a row's id (a positive 32-bit integer): others name no row. */
export const isRowId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= ROW_ID_MAX;

export function parseId(value: unknown): number {
  const text = String(value ?? '');
  if (!/^[1-9]\d{0,15}$/.test(text)) throw notFound();
  const id = Number(text);
  if (!isRowId(id)) throw notFound();
  return id;
}
