import { resetEmailConnection } from '@/modules/emailConnection/state/emailConnectionState';
import { resetNormalize } from '@/modules/profile/state/normalizeState';
import { resetUpgradeModal } from '@/modules/quota/state/upgradeModalState';
import { resetShell } from '@/modules/shell/state/shellState';
import { resetZoom } from '@/modules/zoom/state/zoomState';

/**
 * SPEC §4 'Logout': the stores a session filled are reset when it ends (sign-out, forced sign-out, another user).
 * Composed here, at the app level, so the auth module imports none of them.
 */
export const resetSessionStores = () => {
  resetEmailConnection();
  resetZoom();
  resetShell();
  resetNormalize();
  resetUpgradeModal();
};
