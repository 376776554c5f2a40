/**
 * Every user-facing message, word for word as docs/product/messages.md lists them. Widgets and the
 * server read them from here and never retype them; tests/contract/messages.test.ts compares the two.
 *
 * @example
 * toast.success(MESSAGES.leads.added);
 */
export const MESSAGES = {
  generic: {
    fallbackPage: 'Oops! Try Again Later',
    loading: 'Loading...',
    unexpected: 'An unexpected error occurred',
    /** Server: a request without a valid token. */
    unauthenticated: 'Your session has expired. Please sign in again.',
    /** Server: an id that does not exist or belongs to another company. */
    notFound: 'Not found',
    tooManyRequests: 'Too many attempts. Please wait and try again.',
    invalidInput: 'The request contains invalid data.',
    malformedJson: 'The request body is not valid JSON.',
    payloadTooLarge: 'The request is too large.',
    serverError: 'Something went wrong on our side. Please try again.',
    /** Server: a request field that the call does not take (422). */
    unknownField: 'This field is not allowed.',
    /** Server: a request whose content type the call does not take (415). */
    unsupportedMediaType: 'This content type is not supported.',
  },
  permission: {
    /** `can()` failure; `{permission}` is replaced by the permission name. */
    denied: "You don't have permission for this action: {permission}",
    userDataNotFound: 'User data not found.',
    invalidUserData: 'Invalid user data format.',
    userTypeMissing: 'User type is missing.',
    cannotDeleteUsers: 'You do not have permission to delete users.',
  },
  auth: {
    adminLoginFailed: 'An error occurred. Please try again.',
    loginFailed: 'Login failed. Please try again.',
    /** Server: wrong username or password. Deliberately the same for both. */
    invalidCredentials: 'Invalid username or password.',
    /** Server: an account that has not confirmed its e-mail address yet. */
    emailNotVerified: 'Please verify your e-mail address before signing in.',
    accountDisabled: 'This account has been disabled.',
    resetLinkSent: 'Password reset link has been sent to your email.',
    resetLinkFailed: 'Failed to send reset link. Please try again.',
    registrationSuccess: 'Registration successful! Please check your email for verification.',
    emailTakenServer: 'The email has already been taken.',
    emailTakenField: 'The email has already been taken',
    emailTakenToast: 'The email has already been taken. Please use a different email.',
    registrationFailed: 'Registration failed. Please try again.',
    registrationFailedGeneral: 'Registration failed',
    simpleRegistrationSuccess: 'Registration successful!',
    simpleRegistrationFailed: 'An error occurred. Please try again.',
    verified: 'Your e-mail address is verified. You can sign in now.',
    verifyFailed: 'This verification link is invalid or has expired.',
    passwordReset: 'Your password has been reset. You can sign in now.',
    resetTokenInvalid: 'This reset link is invalid or has expired.',
    /** Server: an invited person who has not set a password through the invitation link yet. */
    invitationPending: 'Please set your password with the link in your invitation e-mail before signing in.',
    /** Server: the invitation link's password is set; the person is active. */
    invitationAccepted: 'Your password is set. You can sign in now.',
    invitationInvalid: 'This invitation link is invalid or has expired. Ask your administrator to resend the invite.',
    /** Server: the undo link mailed to the old address after an e-mail change. */
    emailChangeUndone: 'Your e-mail address is back to {email} and every session was signed out. Choose a new password now.',
    emailChangeUndoInvalid: 'This link is invalid or has expired.',
    /** Server: the old address was taken by another account after the change. */
    emailChangeUndoTaken: 'Your old e-mail address is now used by another account. Please contact your administrator.',
  },
  /** Two-factor sign-in with an authenticator app (TOTP), its set-up and the company requirement. */
  twoFactor: {
    codeRequired: 'Enter the 6-digit code from your authenticator app.',
    codeInvalid: 'That code is not right. Check the time on your device and try the newest code.',
    /** The code of a time step already used to sign in: a code seen over someone's shoulder is no use. */
    codeUsed: 'This code was already used. Wait for the next one and try again.',
    recoveryInvalid: 'That recovery code is not right or was already used.',
    challengeExpired: 'This sign-in has expired. Please enter your password again.',
    alreadyOn: 'Two-factor sign-in is already on.',
    notOn: 'Two-factor sign-in is not on.',
    setupMissing: 'The set-up has expired. Please start again.',
    enabled: 'Two-factor sign-in is on.',
    disabled: 'Two-factor sign-in is off.',
    /** A person the company requires it of cannot turn it off. */
    requiredByCompany: 'Your company requires two-factor sign-in, so it cannot be turned off.',
    policySaved: 'Two-factor requirement saved.',
    policyInvalid: 'Choose who must use two-factor sign-in: off, admins or everyone.',
    adminsOnly: 'Only a company admin can change this.',
    recoveryCodesRenewed: 'New recovery codes are ready. The old ones no longer work.',
    /** A manager reset a person's two-factor (a lost phone): they set it up again if required. */
    resetByManager: 'Two-factor sign-in was reset. The person sets it up again at the next sign-in if the company requires it.',
    resetFailed: 'Failed to reset two-factor sign-in',
  },
  validation: {
    displayNameRequired: 'Display name is required',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Email is invalid',
    passwordRequired: 'Password is required',
    confirmPasswordRequired: 'Please confirm your password',
    passwordsDoNotMatch: 'Passwords do not match',
    passwordRequirements: 'Password does not meet all requirements',
    roleRequired: 'Role is required',
    roleNameRequired: 'Role name is required',
    requiredFields: 'Please fill in all required fields',
    fieldRequired: 'This field is required',
    currentPasswordRequired: 'Current password is required',
    newPasswordRequired: 'New password is required',
    usernameRequired: 'Username is required',
    invalidUrl: 'Please enter a valid URL',
    imageOnly: 'Please choose an image file',
    notNegative: 'Value cannot be negative',
    yearBuiltRange: 'Year built must be between 1900 and the current year',
  },
  leads: {
    fetchFailed: 'Failed to fetch leads',
    workflowDataFailed: 'Failed to load workflow status data',
    workflowFailed: 'Failed to load workflow status',
    added: 'Lead added successfully!',
    addFailed: 'Error adding lead. Please try again.',
    updated: 'Lead updated successfully',
    updateFailed: 'Failed to update lead. Please try again.',
    deleted: 'Lead deleted successfully',
    deleteFailed: 'Failed to delete lead',
    sourceUpdated: 'Lead source updated successfully',
    activityUpdated: 'Activity updated successfully',
    propertyTypeUpdated: 'Property type updated successfully',
    sourceFailed: 'Failed to update lead source',
    activityFailed: 'Failed to update activity',
    propertyTypeFailed: 'Failed to update property type',
    invalidWorkflow: 'Invalid workflow status',
    statusUpdated: 'Status updated successfully',
    statusFailed: 'Failed to update status',
    imported: 'Leads imported successfully!',
    importFailed: 'Error importing leads. Please try again.',
    selectFile: 'Please select a file before uploading.',
    noLeads: 'No leads found',
    conflict: 'Someone else changed this lead while you were editing. The latest version is shown; please apply your changes again.',
  },
  profile: {
    userIdNotFound: 'User ID not found',
    fetchFailed: 'Failed to fetch user data',
    incomplete: 'Please complete your profile information',
    companyIdNotFound: 'Company ID not found',
    updated: 'Profile updated successfully',
    updateFailed: 'Failed to update profile',
    passwordUpdated: 'Password updated successfully',
    passwordFailed: 'Failed to update password',
    /** Server: the current password given with a password change is wrong. */
    currentPasswordWrong: 'The current password is incorrect.',
    /** Server: a new e-mail address needs the current password (a stolen session alone cannot move the account). */
    currentPasswordForEmail: 'Enter your current password to change your e-mail address.',
    /** Server: a password change that changes nothing. */
    samePassword: 'The new password must be different from the current one.',
    avatarTooLarge: 'Image size must be less than 5MB',
  },
  activity: {
    kindInvalid: 'Choose what this is: a note, a call, a WhatsApp message, an e-mail or a meeting.',
    bodyRequired: 'Write something before saving.',
    noteAdded: 'Note added',
    noteUpdated: 'Note updated',
    noteDeleted: 'Note deleted',
    /** Server: editing or deleting a note after the window, or someone else's. */
    noteLocked: 'A note can be changed only by its author, within 15 minutes of writing it.',
    timelineFailed: 'Failed to load the history',
    auditFailed: 'Failed to load the audit log',
    noEvents: 'Nothing has happened here yet.',
    /** The edit form of a record someone else just changed; `{name}` is who. */
    changedBy: 'Changed by {name} just now',
    liveLost: 'Live updates paused. Reconnecting…',
  },
  roles: {
    fetchFailed: 'Error fetching roles',
    permissionsFailed: 'Error fetching permissions',
    created: 'Role created successfully',
    updated: 'Role updated successfully',
    saveFailed: 'Error saving role',
    deleted: 'Role deleted successfully',
    deleteFailed: 'Error deleting role',
    /** Server: a role still held by people; `{count}` and `{people}` ("person" or "people") are filled in. */
    inUse: 'This role is still held by {count} {people}. Give them another role first, then delete it.',
    /** Server: another role of the company has this name (or the same slug). */
    nameTaken: 'A role with this name already exists.',
    /** Server and role editor: a save adding or removing a permission its editor lacks; `{permission}` is filled in. */
    notYours: "You don't have permission for this action: {permission}. Only permissions you hold yourself can be granted or removed.",
    /** Role editor: the hint beside a permission the editor does not hold. */
    notYoursHint: 'You do not hold this permission, so you cannot grant or remove it.',
  },
  properties: {
    /** `{message}` is the server message or `addFailedDefault`. */
    addFailed: 'Error: {message}',
    addFailedDefault: 'Failed to add property. Please try again.',
    added: 'Property added successfully!',
    detailFailed: 'Failed to load property details',
    notFound: 'Property not found',
    editNotFound: 'Error: Property not found.',
    noData: 'No property data available',
    noDate: 'Date not available',
    favouritesTitle: 'Favorite Properties',
    noFavourites: 'No favorite properties yet',
    confirmDelete: 'Confirm Delete',
  },
  companies: {
    userIdNotInToken: 'User ID not found in token.',
    userLoadFailed: 'Failed to load user data.',
    noToken: 'No authentication token found.',
    companyIdNotFound: 'Company ID not found.',
    loadFailed: 'Failed to load company data.',
    updateProfileFailed: 'Failed to update company profile.',
    created: 'Company created successfully!',
    addFailed: 'Failed to add company. Please try again.',
    fetchFailed: 'Failed to fetch companies',
    detailsFailed: 'Failed to fetch company details',
    deleteFailed: 'Failed to delete company',
    deleted: 'Company deleted successfully',
    updated: 'Company updated successfully',
    confirmTitle: 'Are you sure?',
    confirmText: 'This action cannot be undone. This will permanently delete the company data.',
    loadingProfile: 'Loading company profile...',
    noData: 'No company data available.',
  },
  users: {
    loadFailed: 'Failed to load data. Please refresh the page.',
    deleted: 'User deleted successfully',
    /** `{message}` is the server message or `deleteFailedDefault`. */
    deleteFailed: 'Error: {message}',
    deleteFailedDefault: 'Failed to delete user',
    updated: 'User updated successfully',
    added: 'User added successfully',
    saveFailed: 'Error: {message}',
    saveFailedDefault: 'Something went wrong',
    inviteResent: 'Invite resent successfully!',
    inviteFailed: 'Failed to resend invite',
    noUsers: 'No users found',
    loading: 'Loading users...',
    /** Server: the self and last-admin rules of user admin. */
    cannotDeleteSelf: 'You cannot delete your own account.',
    cannotDisableSelf: 'You cannot disable your own account.',
    /** Server: one's own name, e-mail and password change in Account Settings, where the current password is asked. */
    cannotEditSelf: 'You cannot edit your own account here. Use Account Settings.',
    lastAdmin: "The company's last active admin cannot be deleted or disabled.",
  },
  /** Appointments (the calendar): the server's 422s and the calls' answers. */
  appointments: {
    kindInvalid: 'Choose the kind of appointment: a site visit, a follow-up or a meeting.',
    statusInvalid: 'Choose a status: proposed, confirmed, done, cancelled or no-show.',
    startRequired: 'Start time is required',
    timeInvalid: 'Give a date and time with its zone, e.g. 2026-12-01T10:30:00Z.',
    endBeforeStart: 'The end must be after the start.',
    /** `{days}` is the longest an appointment may last. */
    tooLong: 'An appointment may last at most {days} days.',
    /** `{years}` is how far ahead a time may lie. */
    tooFarAhead: 'This time is more than {years} years from now.',
    leadRequired: 'A site visit or a follow-up needs a lead.',
    leadUnknown: 'This lead is not one of your company\'s leads.',
    propertyRequired: 'A site visit needs at least one property.',
    propertiesOnlyForVisits: 'Only a site visit has properties.',
    /** `{id}` is the property's id. */
    propertyUnknown: 'Property {id} is not one of your company\'s properties.',
    /** `{id}` is the person's id. */
    userUnknown: 'User {id} is not an active person of your company.',
    feedbackUnknownProperty: 'Feedback can be given only for the properties of this visit.',
    /** `{max}` is the longest reminder, in minutes. */
    reminderInvalid: 'A reminder comes 0 to {max} minutes before the start.',
    tooManyProperties: 'At most {max} properties per visit.',
    tooManyInvitees: 'At most {max} people may be invited.',
    rangeRequired: 'Give the range as from and to, each a date and time with its zone.',
    /** `{days}` is the longest range one call takes. */
    rangeTooLong: 'The range may span at most {days} days.',
    created: 'Appointment saved',
    updated: 'Appointment updated',
    deleted: 'Appointment deleted',
    conflict: 'Someone else changed this appointment while you were editing. The latest version is shown; please apply your changes again.',
    feedCreated: 'Your calendar link is ready. Keep it private: anyone who has it sees your appointments.',
    feedRevoked: 'Your calendar link no longer works.',
    leadIdsRequired: 'Name the leads as lead_ids, e.g. 1,2,3.',
    /** `{max}` is the most leads one call names. */
    tooManyLeads: 'At most {max} leads at once.',
  },
  /** Webhooks: signed deliveries of the activity log to a company's own addresses (docs/webhooks.md). */
  webhooks: {
    urlRequired: 'Enter the address the events are sent to.',
    urlInvalid: 'Enter an address starting with https://.',
    /** Server: a host that resolves to a loopback, private, link-local or other non-public address. */
    urlPrivate: 'This address leads to a private or local network. Webhooks are sent to public addresses only.',
    urlUnresolved: 'The host of this address could not be found.',
    kindsRequired: 'Choose at least one kind of event, or all of them.',
    /** `{kind}` is the unknown kind. */
    kindUnknown: 'There is no kind of event called {kind}.',
    /** `{max}` is how many webhooks a company may have. */
    tooMany: 'A company may have at most {max} webhooks.',
    adminsOnly: 'Only a company admin can manage webhooks.',
    created: 'Webhook added. Copy its signing secret now: it is shown only this once.',
    updated: 'Webhook updated',
    deleted: 'Webhook deleted',
    secretRotated: 'A new signing secret is ready. Copy it now: it is shown only this once, and the old one no longer works.',
    resent: 'Delivery sent again',
    /** Server: a resend while a process is sending that delivery. */
    busy: 'This delivery is being sent right now. Try again in a moment.',
  },
  /** Server: the per-person and per-company cost limits (429 with Retry-After). */
  limits: {
    exportRunning: 'Your previous export is still being prepared. Please wait for it to finish, then try again.',
    importRunning: 'Your previous import is still running. Please wait for it to finish, then try again.',
    tooManySearches: 'You have run too many searches in the last minute. Please wait a moment and try again.',
    tooManyExports: 'You have started too many exports in the last minute. Please wait a moment and try again.',
    tooManyInvitations: 'Your company has sent too many invitations in the last hour. Please try again later.',
  },
} as const;

/**
 * Messages of the text caps (`TEXT_MAX`), which the product adds: one template per kind, filled
 * with the field's label by `tooLong()` and `listTooLong()` in common.ts.
 *
 * @example format(LIMIT_MESSAGES.tooLong, { field: 'City', max: 100 }) // 'City is too long (at most 100 characters).'
 */
export const LIMIT_MESSAGES = {
  tooLong: '{field} is too long (at most {max} characters).',
  listTooLong: '{field}: at most {items} entries of at most {max} characters each.',
} as const;

/**
 * The message of a text holding a control or direction-override character (plainText.ts), which
 * the product adds: filled with the field's label by `forbiddenCharacters()` in common.ts.
 *
 * @example format(TEXT_MESSAGES.forbiddenCharacters, { field: 'First name' })
 */
export const TEXT_MESSAGES = {
  forbiddenCharacters: '{field} may not contain control or direction-override characters.',
} as const;

/** Fills `{placeholders}` in a message: `format(MESSAGES.permission.denied, { permission: 'lead-create' })`. */
export const format = (message: string, values: Readonly<Record<string, string | number>>): string =>
  message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
