/** Where people write for help, about their data or about these terms. */
export const supportEmail = 'support@outreach.example';
