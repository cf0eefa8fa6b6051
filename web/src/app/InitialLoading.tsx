import { LoadingScreen } from '@/modules/public/components/LoadingScreen';
import { PageLoading } from './PageLoading';

/** The public site's paths (router.tsx): dark pages, so their first load waits on the dark screen, not a light one. */
const publicPaths = /^\/($|features|philosophy|approach|pricing|support|privacy|terms|zoom-guide|referral-program|blog|loading)(\/|$)/;

/** SPEC §2 'Lazy-loaded pages show Loading...': in the style of the page that is on its way. */
export const InitialLoading = () => (publicPaths.test(window.location.pathname) ? <LoadingScreen /> : <PageLoading />);
