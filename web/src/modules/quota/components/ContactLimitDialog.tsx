import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { plans } from '@shared/constants';
import { publicPaths } from '@/lib/paths';
import { useQuota } from '../hooks/useQuota';
import { closeUpgradeModal, upgradeModalState } from '../state/upgradeModalState';
import './ContactLimitDialog.css';

/** SPEC §2 'Contact-limit dialog': opens when an add meets the limit; 'Upgrade Plan' goes to /pricing. */
export const ContactLimitDialog = () => {
  const { isUpgradeModalOpen, modalType, modalProps } = useSnapshot(upgradeModalState);
  const { quota } = useQuota();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation('quota');
  const plan = modalProps?.plan ?? quota?.plan ?? 'free';
  const slotsAllowed = quota?.slotsAllowed ?? plans[plan].slotsPerPeriod;

  const handleUpgrade = () => {
    closeUpgradeModal();
    void navigate(publicPaths.pricing);
  };

  return (
    <Modal
      open={isUpgradeModalOpen && modalType === 'contact_limit'}
      title={t('limit.title')}
      onCancel={closeUpgradeModal}
      width={480}
      centered
      // above the add and import modals it interrupts
      zIndex={1100}
      data-testid="contact-limit-dialog"
      footer={[
        <Button key="later" onClick={closeUpgradeModal}>
          {t('limit.later')}
        </Button>,
        <Button key="upgrade" type="primary" onClick={handleUpgrade}>
          {t('limit.upgrade')}
        </Button>,
      ]}
    >
      <p className="contact-limit-dialog__text">
        {t('limit.text', { count: slotsAllowed.toLocaleString(i18n.language), plan: plans[plan].label })}
      </p>
    </Modal>
  );
};
