/** Route ids: only positive whole numbers exist; anything else is simply not found (404). */
import { notFound } from './http-error';

export function parseId(value: unknown): number {
  const text = String(value ?? '');
  if (!/^[1-9]\d{0,15}$/.test(text)) throw notFound();
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound();
  return id;
}
