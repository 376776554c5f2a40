/** The two-factor step's card titles, kept apart from the step so the login screens name them without loading it. */
export const TWO_FACTOR_TITLES = {
  verify: { title: 'Two-factor sign-in', subtitle: 'One more step to keep your account safe' },
  enrol: { title: 'Set up two-factor sign-in', subtitle: 'Your company requires it for your account' },
} as const;
