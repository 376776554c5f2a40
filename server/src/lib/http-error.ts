/**
 * The one error type routes throw. The error handler turns it into the failure shape of
 * docs/architecture.md ("How calls answer"):
 * `{ status: "Error", message, errors? }` with the given HTTP status.
 */
import { format, MESSAGES } from '@contract';

export type ErrorMessage = string | Record<string, string[]>;

export class HttpError extends Error {
  readonly statusCode: number;
  readonly answerMessage: ErrorMessage;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    message: ErrorMessage,
    extra: { errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(typeof message === 'string' ? message : JSON.stringify(message));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.answerMessage = message;
    this.errors = extra.errors;
    this.headers = extra.headers;
  }
}

export const notFound = (): HttpError => new HttpError(404, MESSAGES.generic.notFound);
export const unauthenticated = (): HttpError => new HttpError(401, MESSAGES.generic.unauthenticated);
export const forbidden = (permission: string): HttpError =>
  new HttpError(403, format(MESSAGES.permission.denied, { permission }));
export const invalid = (errors: Record<string, string[]>, message: ErrorMessage = MESSAGES.generic.invalidInput): HttpError =>
  new HttpError(422, message, { errors });
