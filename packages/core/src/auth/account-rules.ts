/** Limits of account fields, checked by the server and shown by the forms. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const NAME_MAX_LENGTH = 100

/**
 * What a disabled account hears on sign-in and on its next call (401): the web client clears the
 * session on any 401 and the sign-in page shows this message when the user tries again.
 */
export const ACCOUNT_DISABLED = 'This account is disabled. Ask an organization admin to enable it.'

/** A user's status in an organization, as GET /organizationuser answers it. */
export type OrganizationUserStatus = 'active' | 'disabled' | 'invited'
