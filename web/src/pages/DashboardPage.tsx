import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { SignOutButton } from '../modules/auth/components/SignOutButton';
import { ProfileBadge } from '../modules/profile/components/ProfileBadge';
import { ProfileOverview } from '../modules/profile/components/ProfileOverview';
import { useProfile } from '../modules/profile/hooks/useProfile';
import { profileName } from '../modules/profile/utils/profileLabels';
import { AppFrame } from '../ui/AppFrame';

/** /dashboard: the signed-in home; for now the person's profile and settings from `GET /api/profiles`. */
export const DashboardPage = () => {
  const { data: profile, error, isLoading, mutate } = useProfile();

  return (
    <AppFrame
      headerActions={
        <>
          {profile ? <ProfileBadge profile={profile} /> : null}
          <SignOutButton />
        </>
      }
    >
      <title>Dashboard · Outreach</title>
      <div style={{ marginBottom: 24 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {profile ? `Welcome, ${profileName(profile).split(' ')[0]}` : 'Welcome'}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 15 }}>
          Your account, your plan and how Outreach is set up for you.
        </Typography.Paragraph>
      </div>
      {error && !profile ? (
        <Alert
          role="alert"
          type="error"
          showIcon
          title="Your profile could not be loaded"
          description={error.message}
          action={
            <Button onClick={() => void mutate()} loading={isLoading}>
              Try Again
            </Button>
          }
        />
      ) : profile ? (
        <ProfileOverview profile={profile} />
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      )}
    </AppFrame>
  );
};
