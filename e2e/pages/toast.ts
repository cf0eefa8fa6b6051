import type { Locator, Page } from '@playwright/test';

/**
 * The toast showing `text` now. A message shown again replaces the earlier toast (web/src/ui/toast/useToast.ts), which
 * stays in the page while it fades out: that one is leaving, not shown.
 */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.ant-notification-notice:not(.ant-notification-fade-leave)').filter({ hasText: text }).last();
