import { blogPaths, publicPaths } from '@/lib/paths';
import { LoadingScreen } from '@/modules/public/components/LoadingScreen';
import { PageLoading } from './PageLoading';

/** The public site's pages (router.tsx): dark, so their first load waits on the dark screen, not a light one. */
const publicPages = [...Object.values(publicPaths).filter((path) => path !== publicPaths.home), blogPaths.index];

const isPublicPage = (pathname: string) =>
  pathname === publicPaths.home || publicPages.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** SPEC §2 'Lazy-loaded pages show Loading...': in the style of the page that is on its way. */
export const InitialLoading = () => (isPublicPage(window.location.pathname) ? <LoadingScreen /> : <PageLoading />);
