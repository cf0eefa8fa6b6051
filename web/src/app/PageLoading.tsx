import { bootTexts } from '@/i18n/boot';

/**
 * SPEC §2: lazy pages show 'Loading...' while their code arrives. Plain markup: no antd before it is needed; its text
 * from the `boot` texts, which are here before the catalogues.
 */
export const PageLoading = () => (
  <div className="page-loading" role="status" aria-live="polite">
    {bootTexts().loading}
  </div>
);
