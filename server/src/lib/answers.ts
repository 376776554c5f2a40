/** Success answers: HTTP 2xx with `status: "Success"` beside the fields of the contract's answers. */
import { SUCCESS } from '@contract';

export const success = <T extends Record<string, unknown>>(fields: T = {} as T): { status: typeof SUCCESS } & T => ({
  status: SUCCESS,
  ...fields,
});

/**
 * The JSON text of `success({ data: … })` when `data` is already JSON text (the leads list, whose
 * rows SQLite writes as JSON): the same answer without parsing and serialising it again.
 *
 * @example successJson('{"data":[],"total":0}') // '{"status":"Success","data":{"data":[],"total":0}}'
 */
export const successJson = (dataJson: string): string => `{"status":${JSON.stringify(SUCCESS)},"data":${dataJson}}`;

/** The Content-Type of an answer sent as JSON text already made (a kept or hand-built body). */
export const JSON_TYPE = 'application/json; charset=utf-8';
