import { beforeEach } from 'vitest';
import { i18n } from '@/i18n';

// Every web test reads the interface in English (web/src/i18n inits English synchronously); a test that switches the
// language does not leak it into the next.
beforeEach(async () => {
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
