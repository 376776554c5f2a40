/**
 * EstateDesk contract: schemas of every call, the constants of docs/product/rules.md, the messages
 * of docs/product/messages.md and permission names. No React and no fetch: the widgets and the
 * reference server both import it.
 *
 * @example
 * import { LoginRequest, MESSAGES, PERMISSIONS } from 'estatedesk/contract';
 */
export * from './constants';
export * from './messages';
export * from './permissions';
export * from './common';
export * from './plainText';
export * from './auth';
export * from './users';
export * from './account';
export * from './dashboard';
export * from './roles';
export * from './leads';
export * from './properties';
export * from './companies';
export * from './health';
export * from './embed';
export * from './appointments';
export * from './activity';
export * from './webhooks';
