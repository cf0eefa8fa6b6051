import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { plans } from '@shared/constants';
import { messages } from '@shared/messages';
import { publicPaths } from '@/lib/paths';
import { useQuota } from '../hooks/useQuota';
import { closeUpgradeModal, upgradeModalState } from '../state/upgradeModalState';
import './ContactLimitDialog.css';

/** SPEC §2 'Contact-limit dialog': opens when an add meets the limit; 'Upgrade Plan' goes to /pricing. */
export const ContactLimitDialog = () => {
  const { isUpgradeModalOpen, modalType, modalProps } = useSnapshot(upgradeModalState);
  const { quota } = useQuota();
  const navigate = useNavigate();
  const plan = modalProps?.plan ?? quota?.plan ?? 'free';
  const slotsAllowed = quota?.slotsAllowed ?? plans[plan].slotsPerPeriod;

  const handleUpgrade = () => {
    closeUpgradeModal();
    void navigate(publicPaths.pricing);
  };

  return (
    <Modal
      open={isUpgradeModalOpen && modalType === 'contact_limit'}
      title={messages.contacts.limitTitle}
      onCancel={closeUpgradeModal}
      width={480}
      centered
      // above the add and import modals it interrupts
      zIndex={1100}
      data-testid="contact-limit-dialog"
      footer={[
        <Button key="later" onClick={closeUpgradeModal}>
          {messages.contacts.limitLater}
        </Button>,
        <Button key="upgrade" type="primary" onClick={handleUpgrade}>
          {messages.contacts.limitUpgrade}
        </Button>,
      ]}
    >
      <p className="contact-limit-dialog__text">{messages.contacts.limitReached(slotsAllowed, plans[plan].label)}</p>
    </Modal>
  );
};
