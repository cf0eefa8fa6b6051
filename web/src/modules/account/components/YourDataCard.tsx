import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { publicPaths } from '@/lib/paths';
import { SectionCard } from '@/ui/SectionCard';
import { SettingRow } from '@/ui/SettingRow';
import { detachedToast } from '@/ui/toast/detachedToast';
import { useToast } from '@/ui/toast/useToast';
import { isApiError } from '@/lib/http/ApiError';
import { useApiClient } from '@/lib/http/useApiClient';
import { signOutUser } from '@/modules/auth/api/amplifyAuth';
import { signOutOfApp } from '@/modules/auth/api/authSession';
import { useAuth } from '@/modules/auth/hooks/useAuth';
import { endSession } from '@/modules/auth/state/sessionEvents';
import { deleteAccount, exportAccount } from '../api/accountApi';
import { downloadFromLink } from '../utils/exportFile';
import { paidPlanOf } from '../utils/paidPlanOf';
import { DeleteAccountModal } from './DeleteAccountModal';

/** DESIGN §6 "Your data": a copy of everything held about the person, and the way to delete it all. */
export const YourDataCard = () => {
  const { user } = useAuth();
  const { data: profile } = useProfile();
  const api = useApiClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useTranslation('account');
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const handleExport = async () => {
    setExporting(true);
    try {
      const { url, fileName } = await exportAccount(api);
      downloadFromLink(url, fileName);
      toast.success(t('data.exported'), { description: t('data.savedAs', { fileName }) });
    } catch (error) {
      toast.error(t('data.exportFailed'), { description: isApiError(error) ? error.message : undefined });
    } finally {
      setExporting(false);
    }
  };

  const handleDelete = async () => {
    try {
      await deleteAccount(api);
    } catch (error) {
      throw new Error(isApiError(error) ? error.message : t('data.deleteFailed'));
    }
    // SPEC §4 'Logout', in the order leaving a deleted account needs: the stored tokens go first, so nothing the page
    // still does (a poll, the pages reading again once their caches are cleared, the live channel reopening) is sent
    // with the deleted account's token to be refused with a 401; the session's caches and stores are then cleared
    // while the app's listeners are still there (they go with the signed-in pages); the move to / is rendered at once,
    // so the sign-out that follows is not taken for a lost session or a Log Out (both lead to the sign-in page).
    await signOutUser().catch((error: unknown) => console.warn('Sign-out after account deletion', error));
    await endSession();
    await navigate(publicPaths.home, { replace: true, flushSync: true });
    detachedToast.success(t('data.deleted'), {
      description: t('data.deletedDescription'),
    });
    await signOutOfApp({ byUser: true }).catch((error: unknown) =>
      console.warn('Sign-out after account deletion', error),
    );
  };

  return (
    <SectionCard title={t('data.title')} description={t('data.description')} data-testid="settings-your-data">
      <SettingRow label={t('data.export')} description={t('data.exportDescription')}>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void handleExport()}>
          {t('data.export')}
        </Button>
      </SettingRow>
      <SettingRow label={t('data.delete')} description={t('data.deleteDescription')}>
        <Button danger icon={<DeleteOutlined />} onClick={() => setConfirming(true)}>
          {t('data.delete')}
        </Button>
      </SettingRow>
      <DeleteAccountModal
        open={confirming}
        email={user?.email ?? ''}
        paidPlan={profile ? paidPlanOf(profile) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={handleDelete}
      />
    </SectionCard>
  );
};
