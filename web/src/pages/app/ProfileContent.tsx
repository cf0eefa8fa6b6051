import { Alert, Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@shared/schemas/profile';
import { useProfile } from '@/modules/profile/hooks/useProfile';

export type ProfileContentProps = {
  children: (profile: Profile) => ReactNode;
  /** skeleton lines while the profile loads */
  loadingRows?: number;
};

/** The part of an app page built from the profile: a skeleton while it loads, a retry if it could not be. */
export const ProfileContent = ({ children, loadingRows = 5 }: ProfileContentProps) => {
  const { data: profile, error, isLoading, mutate } = useProfile();
  const { t } = useTranslation('profile');

  if (profile) return children(profile);
  if (error) {
    return (
      <Alert
        role="alert"
        type="error"
        showIcon
        title={t('loadFailed')}
        description={error.message}
        action={
          <Button onClick={() => void mutate()} loading={isLoading}>
            {t('tryAgain')}
          </Button>
        }
      />
    );
  }
  return (
    <Card>
      <Skeleton active paragraph={{ rows: loadingRows }} />
    </Card>
  );
};
