/** Success answers: HTTP 2xx with `status: "Success"` beside SPEC §7's fields. */
import { SUCCESS } from '../../../src/contract';

export const success = <T extends Record<string, unknown>>(fields: T = {} as T): { status: typeof SUCCESS } & T => ({
  status: SUCCESS,
  ...fields,
});
