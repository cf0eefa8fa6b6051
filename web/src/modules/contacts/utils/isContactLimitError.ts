import { isApiError } from '@/lib/http/ApiError';

/** The server's answer to an add over the limit: 402 `contact_limit_reached` (DESIGN §6). */
export const isContactLimitError = (error: unknown) =>
  isApiError(error) && (error.code === 'contact_limit_reached' || error.status === 402);
