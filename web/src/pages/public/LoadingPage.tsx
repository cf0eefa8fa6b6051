import { LoadingScreen } from '@/modules/public/components/LoadingScreen';

/** `/loading`: the full-screen loading screen on its own (SPEC §2 public routes), without the public frame. */
export const LoadingPage = () => (
  <>
    <title>Loading · Outreach</title>
    <LoadingScreen />
  </>
);
