import { proxy } from 'valtio';
import type { PlanTier } from '@shared/constants';

/** SPEC §3 'Upgrade-modal state': which dialog; only the contact limit opens it so far. */
export type UpgradeModalType = 'contact_limit';

export type UpgradeModalState = {
  isUpgradeModalOpen: boolean;
  modalType: UpgradeModalType | null;
  /** the plan to name, when the caller knows it (else the quota's) */
  modalProps: { plan?: PlanTier; message?: string } | null;
};

const initialState = (): UpgradeModalState => ({ isUpgradeModalOpen: false, modalType: null, modalProps: null });

/** SPEC §4 'Quota': the upgrade modal is open or closed. */
export const upgradeModalState = proxy<UpgradeModalState>(initialState());

/** SPEC §4 'Quota': the upgrade modal opens when the contact limit is hit. */
export const openContactLimitDialog = (props: { plan?: PlanTier; message?: string } = {}) => {
  upgradeModalState.isUpgradeModalOpen = true;
  upgradeModalState.modalType = 'contact_limit';
  upgradeModalState.modalProps = props;
};

export const closeUpgradeModal = () => {
  Object.assign(upgradeModalState, initialState());
};

/** SPEC §4 'Logout ... resets quota': the dialog belongs to the person leaving (the quota itself is in the SWR cache). */
export const resetUpgradeModal = closeUpgradeModal;
