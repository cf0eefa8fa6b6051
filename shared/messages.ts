/**
 * The texts of SPEC §8 (and the few the handler kit needs), in one place so a change happens once and tests can
 * check them. Server and web import from here.
 */
export const messages = {
  status: {
    // SPEC §8 'Statuses': reads and posts
    401: 'Your session has expired. Please sign in again.',
    403: 'You do not have permission to access this resource.',
    '403mutation': 'You do not have permission to perform this action.',
    404: 'The requested resource was not found.',
    429: 'Too many requests. Please try again later.',
    500: 'Server error. Please try again later.',
    network: 'Network error. Please check your connection.',
    400: 'Invalid request. Please check your input.',
    409: 'This operation conflicts with existing data.',
    /** API Gateway's payload limit (10 MB), which the local gateway also enforces */
    413: 'This request is too large: the API accepts at most 10 MB.',
    422: 'The provided data is invalid.',
    cancelled: 'Request cancelled',
  },
  auth: {
    required: 'Authentication required',
    retryFailed: 'Authentication failed. Please log in again.',
    noUser: 'No user is signed in',
    noToken: 'No authentication token available',
    notAuthenticated: 'No user authenticated',
    // DESIGN §2: the spec's Firebase wording becomes provider-neutral
    configuration: 'Authentication configuration error. Please contact support.',
    permissions: 'Authentication permissions error. Please log in again.',
  },
  // SPEC §2 'Password reset form', §8 'Password reset'
  passwordReset: {
    title: 'Reset Password',
    hint: 'Enter your email to receive a password reset link',
    backToLogin: 'Back to Login',
    userNotFound: 'No account found with that email',
    invalidEmail: 'Invalid email address',
    failed: 'Failed to reset password',
    success: 'Check your inbox for further instructions',
  },
  profile: {
    notFound: 'User profile not found',
    userIdRequired: 'User ID is required for profile update',
    differentUser: 'Cannot update profile for different user',
    noValidFields: 'No valid fields to update',
    /** The profile would outgrow DynamoDB's 400 KB item limit */
    tooLarge:
      'Your profile is too large to save: together its fields may hold at most 400 KB. Shorten its longest texts (résumé, cover letter, background) and try again.',
  },
  // SPEC §5 'File upload', §8 'Other'
  documents: {
    tooLarge: 'File size exceeds the maximum limit of 5MB.',
    invalidType: 'Invalid file type. Allowed types: PDF, DOCX, DOC, TXT.',
    noFile: 'No file provided',
    resumeFailed: 'Failed to process resume file.',
    coverLetterFailed: 'Failed to process cover letter file.',
    backgroundFailed: 'Failed to process background file.',
    /** a document that would take more memory or time to read than allowed (a zip bomb, a PDF that never ends) */
    tooComplex: 'This file is too large or complex to read. Please upload a smaller or simpler file.',
    /** the profile photo (SPEC §3 photoURL): SPEC §5's generic type text with the image types */
    photoInvalidType: 'Invalid file type. Allowed types: JPEG, PNG, WebP.',
    /** a photo of more pixels than `maxPhotoSide` a side (a decompression bomb's huge canvas) */
    photoTooManyPixels: 'Image dimensions exceed the maximum of 4096 x 4096 pixels.',
    /** SPEC §5: a processing answer without `success` and `data` */
    invalidResponse: (kind: 'resume' | 'cover letter' | 'background file') =>
      `Invalid response received from ${kind} processing endpoint.`,
  },
  account: {
    confirmRequired: 'Type DELETE to confirm that the account and all of its data should be deleted.',
  },
  settings: {
    loadFailed: 'Failed to load settings',
    updateFailed: 'Failed to update settings',
  },
  contacts: {
    /** SPEC §2 'Contact-limit dialog' */
    limitTitle: 'Contact Limit Reached',
    limitReached: (slotsAllowed: number, plan: string) =>
      `You've used all ${slotsAllowed} contact slots available on your ${plan} plan this period. Please upgrade your plan to continue adding and fetching new contacts.`,
    limitLater: 'Maybe Later',
    limitUpgrade: 'Upgrade Plan',
    duplicate: 'This contact is already in your list.',
    invalidLinkedinUrl: 'Expected a LinkedIn profile URL such as https://www.linkedin.com/in/ada-lovelace',
    profileNotFound: 'We could not find this LinkedIn profile. Check the URL or add the contact by hand.',
    notFound: 'Contact not found',
    /** DESIGN §9: only a risky (accept-all) address waits for the person's confirmation */
    notRiskyAddress: 'Only a risky address (one whose mail server accepts any address) can be confirmed.',
    /** The contact would outgrow DynamoDB's 400 KB item limit */
    tooLarge:
      'This contact is too large to save: together its fields may hold at most 400 KB. Shorten its notes or other long texts and try again.',
  },
  validation: {
    failed: 'Invalid request. Please check your input.',
    invalidJson: 'Request body is not valid JSON.',
    unsupportedMediaType: 'Request body must be JSON.',
    /** a body over its route's own limit (`maxBodyBytes` of shared/routes) */
    bodyTooLarge: 'This request is too large for this call.',
    /** a page cursor not given to this user for this list (altered, foreign or of another query) */
    unknownCursor: 'This list position is unknown or was altered. Load the list again from its first page.',
  },
  routing: {
    notFound: 'The requested resource was not found.',
    methodNotAllowed: 'Method not allowed.',
  },
} as const;
