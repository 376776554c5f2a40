/**
 * The sign-in screens' own labels. The words docs/product/screens.md fixes (mode links, ADMIN LOGIN,
 * LOGIN / LOGGING IN..., Send Reset Link, Back to Login, See Password Requirements, Continue,
 * Back, Register) are kept exactly; the rest is product copy. Messages (errors, toasts) are not
 * here: they come from `MESSAGES` in the contract.
 */
export const AUTH_TEXT = {
  brand: 'EstateDesk',
  /** docs/product/screens.md: a welcome message as branding. */
  welcome: 'Welcome to EstateDesk',
  valueStatement: 'The back office for real-estate agencies: leads, listings, your team and your company — in one place.',
  highlights: [
    'Move every lead through your own workflow',
    'Keep your property inventory up to date',
    'Invite your team with the right permissions',
  ],

  login: {
    title: 'Welcome back',
    subtitle: 'Sign in to your EstateDesk account.',
    username: 'Username',
    usernameHint: 'The e-mail address you registered with.',
    password: 'Password',
    submit: 'Login',
    busy: 'Logging in...',
    forgot: 'Forgot your password?',
    toRegister: "Don't have an account? Register",
    toLogin: 'Already have an account? Login',
  },

  register: {
    title: 'Create your account',
    subtitle: 'Set up your agency on EstateDesk in two quick steps.',
    step1: 'About you',
    step2: 'Choose a password',
    stepOf: (step: number) => `Step ${step} of 2`,
    first_name: 'First name',
    last_name: 'Last name',
    display_name: 'Display name',
    displayNameHint: 'How your agency appears to your team and clients.',
    email: 'Email',
    password: 'Password',
    password_confirmation: 'Confirm password',
    continue: 'Continue',
    back: 'Back',
    submit: 'Register',
    busy: 'Registering...',
    showRequirements: 'See Password Requirements',
    requirementsTitle: 'Your password needs',
    signIn: 'Sign in',
    haveAccount: 'Already have an account?',
    successDetail: 'Please check your email for verification, then sign in.',
    loading: 'Loading the registration form...',
  },

  forgot: {
    title: 'Reset your password',
    subtitle: "Enter the e-mail address of your account and we'll send you a link to choose a new password.",
    email: 'Email',
    submit: 'Send Reset Link',
    busy: 'Sending...',
    back: 'Back to Login',
  },

  admin: {
    title: 'ADMIN LOGIN',
    subtitle: 'Sign in to manage companies and their teams.',
    username: 'Username',
    password: 'Password',
    submit: 'LOGIN',
    busy: 'LOGGING IN...',
  },

  verify: {
    title: 'Verify your e-mail',
    progress: 'Verifying your e-mail address...',
    missingToken: 'This verification link is incomplete. Open the link from your e-mail again.',
    retry: 'Try again',
    signIn: 'Sign in',
  },

  undoEmailChange: {
    title: 'Undo the e-mail change',
    progress: 'Putting your e-mail address back...',
    missingToken: 'This link is incomplete. Open the link from your e-mail again.',
    choosePassword: 'Choose a new password',
    retry: 'Try again',
    signIn: 'Sign in',
  },

  reset: {
    title: 'Choose a new password',
    subtitle: 'Pick a password you have not used here before.',
    password: 'New password',
    password_confirmation: 'Confirm new password',
    submit: 'Reset Password',
    busy: 'Resetting...',
    signIn: 'Sign in',
    requestNew: 'Request a new link',
  },
} as const;
