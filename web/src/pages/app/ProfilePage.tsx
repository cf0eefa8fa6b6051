import type { Profile } from '@shared/schemas/profile';
import { BackgroundFilePanel } from '@/modules/documents/components/BackgroundFilePanel';
import { DocumentCard } from '@/modules/documents/components/DocumentCard';
import { ProfileCompletenessCard } from '@/modules/profile/components/ProfileCompletenessCard';
import { ProfileForm } from '@/modules/profile/components/ProfileForm';
import { useProfileCompleteCallback } from '@/modules/profile/hooks/useProfileCompleteCallback';
import { useUnsavedChangesGuard } from '@/modules/profile/hooks/useUnsavedChangesGuard';
import { profileCompleteness } from '@/modules/profile/utils/profileCompleteness';
import { PageHeader } from '@/ui/PageHeader';
import { ProfileContent } from './ProfileContent';
import './ProfilePage.css';

export type ProfilePageProps = {
  /** SPEC §2: called when the profile becomes complete (what AI drafting needs is there) */
  onProfileComplete?: () => void;
};

type ProfileWorkspaceProps = ProfilePageProps & { profile: Profile };

const ProfileWorkspace = ({ profile, onProfileComplete }: ProfileWorkspaceProps) => {
  useProfileCompleteCallback(profileCompleteness(profile).complete, onProfileComplete);
  useUnsavedChangesGuard();

  return (
    <div className="profile-page">
      <div className="profile-page__main">
        <ProfileForm
          profile={profile}
          renderBackgroundFile={(setBackground) => (
            <BackgroundFilePanel profile={profile} onBackgroundChange={setBackground} />
          )}
        />
        <h2 className="profile-page__heading">Documents</h2>
        <DocumentCard kind="resume" profile={profile} />
        <DocumentCard kind="cover-letter" profile={profile} />
      </div>
      <aside className="profile-page__aside" aria-label="Profile completeness">
        <ProfileCompletenessCard profile={profile} />
      </aside>
    </div>
  );
};

/** /profile: who the person is to Outreach, their goals and documents: what its e-mails are written from. */
export const ProfilePage = ({ onProfileComplete }: ProfilePageProps) => (
  <>
    <title>Profile · Outreach</title>
    <PageHeader title="Profile" description="What Outreach knows about you and writes your e-mails from." />
    <ProfileContent loadingRows={8}>
      {(profile) => <ProfileWorkspace profile={profile} onProfileComplete={onProfileComplete} />}
    </ProfileContent>
  </>
);
