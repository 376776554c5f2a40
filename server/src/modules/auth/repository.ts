/** The link tokens' lifetimes, read from here by older code: the tokens belong to the people (users/tokens.repository.ts). */
export { INVITE_TTL_MS, RESET_TTL_MS, VERIFY_TTL_MS } from '../users/tokens.repository';
