/**
 * The two-factor step, fetched when a sign-in first needs it (most people have no second step, so
 * the login screens do not carry it), and its screen title.
 */
import type { TwoFactorChallenge } from '../../contract';
import { lazyComponent } from '../../runtime/lazyComponent';
import { TWO_FACTOR_TITLES } from './twoFactorText';

export const TwoFactorStepLazy = lazyComponent(() => import('./TwoFactorStep'));

/** Title and subtitle of the step's card. */
export const twoFactorFrame = (challenge: TwoFactorChallenge) =>
  challenge.enrolment_required ? TWO_FACTOR_TITLES.enrol : TWO_FACTOR_TITLES.verify;
