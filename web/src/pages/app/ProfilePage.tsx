import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Profile } from '@shared/schemas/profile';
import { profileCompletePath } from '@/lib/paths';
import { BackgroundFilePanel } from '@/modules/documents/components/BackgroundFilePanel';
import { DocumentCard } from '@/modules/documents/components/DocumentCard';
import { ProfilePhotoCard } from '@/modules/documents/components/ProfilePhotoCard';
import { ProfileCompletenessCard } from '@/modules/profile/components/ProfileCompletenessCard';
import { ProfileForm } from '@/modules/profile/components/ProfileForm';
import { useProfileCompleteCallback } from '@/modules/profile/hooks/useProfileCompleteCallback';
import { useUnsavedChangesGuard } from '@/modules/profile/hooks/useUnsavedChangesGuard';
import { hasUnsavedChanges, unsavedChangesState } from '@/modules/profile/state/unsavedChangesState';
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
  // the guard first: its blocker must know the page is clean before a callback that leaves it runs (effects run in
  // the order of their hooks)
  useUnsavedChangesGuard();
  const { t } = useTranslation('profile');
  const settled = !hasUnsavedChanges(useSnapshot(unsavedChangesState));
  useProfileCompleteCallback(profileCompleteness(profile).complete, onProfileComplete, settled);

  return (
    <div className="profile-page">
      <div className="profile-page__main">
        <ProfilePhotoCard profile={profile} />
        <ProfileForm
          profile={profile}
          renderBackgroundFile={(setBackground) => (
            <BackgroundFilePanel profile={profile} onBackgroundChange={setBackground} />
          )}
        />
        <h2 className="profile-page__heading">{t('page.documents')}</h2>
        <DocumentCard kind="resume" profile={profile} />
        <DocumentCard kind="cover-letter" profile={profile} />
      </div>
      <aside className="profile-page__aside" aria-label={t('page.completeness')}>
        <ProfileCompletenessCard profile={profile} />
      </aside>
    </div>
  );
};

/** /profile: who the person is to Outreach, their goals and documents: what its e-mails are written from. */
export const ProfilePage = ({ onProfileComplete }: ProfilePageProps) => {
  const { t } = useTranslation('profile');
  return (
    <>
      <title>{`${t('page.title')} · Outreach`}</title>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <ProfileContent loadingRows={8}>
        {(profile) => <ProfileWorkspace profile={profile} onProfileComplete={onProfileComplete} />}
      </ProfileContent>
    </>
  );
};

/**
 * The /profile route: a person sent by a link that asked for it (the getting-started guide) goes on once the profile
 * becomes complete; anyone else stays on the page.
 */
export const ProfileRoute = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const next = profileCompletePath(location.state);
  return <ProfilePage onProfileComplete={next ? () => navigate(next) : undefined} />;
};
