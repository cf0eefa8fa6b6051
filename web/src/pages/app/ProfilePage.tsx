import { FileTextOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Profile } from '../../../../shared/schemas/profile';
import { ProfileOverview } from '../../modules/profile/components/ProfileOverview';
import { formatMemberSince } from '../../modules/profile/utils/profileLabels';
import { DetailList } from '../../ui/DetailList';
import { PageHeader } from '../../ui/PageHeader';
import { ProfileContent } from './ProfileContent';

const notAdded = <Typography.Text type="secondary">Not added</Typography.Text>;

const orNotAdded = (value: string): ReactNode => (value.trim() ? value : notAdded);

/** Long free text keeps its line breaks. */
const longText = (value: string): ReactNode =>
  value.trim() ? <span style={{ whiteSpace: 'pre-line' }}>{value}</span> : notAdded;

const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const documentValue = (fileName: string, size: number, updated: string | null, extra?: string): ReactNode =>
  fileName ? (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <FileTextOutlined style={{ color: '#4f46e5' }} />
      <span>{fileName}</span>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {[extra, size > 0 ? formatBytes(size) : '', updated ? `updated ${formatMemberSince(updated)}` : '']
          .filter(Boolean)
          .join(' · ')}
      </Typography.Text>
    </span>
  ) : (
    <Typography.Text type="secondary">No file uploaded</Typography.Text>
  );

type ProfileDetailsProps = { profile: Profile };

/** What Outreach knows about the person's work and aims: the material its e-mails are written from. */
const ProfessionalCard = ({ profile }: ProfileDetailsProps) => (
  <Card title="Professional profile" data-testid="profile-professional">
    <DetailList
      items={[
        { key: 'jobTitle', label: 'Job title', value: orNotAdded(profile.jobTitle) },
        { key: 'company', label: 'Company', value: orNotAdded(profile.company) },
        { key: 'location', label: 'Location', value: orNotAdded(profile.location) },
        { key: 'availability', label: 'Availability', value: orNotAdded(profile.generalAvailability || profile.availability) },
      ]}
    />
    <div style={{ display: 'grid', gap: 18, marginTop: 18 }}>
      <DetailList
        items={[
          { key: 'bio', label: 'About', value: longText(profile.bio) },
          { key: 'interests', label: 'Career interests', value: longText(profile.careerInterests) },
          { key: 'goals', label: 'Networking goals', value: longText(profile.networkingGoals || profile.goals) },
        ]}
      />
    </div>
  </Card>
);

const DocumentsCard = ({ profile }: ProfileDetailsProps) => (
  <Card title="Documents" data-testid="profile-documents">
    <DetailList
      items={[
        {
          key: 'resume',
          label: 'Resume',
          value: documentValue(profile.resumeFileName, profile.resumeFileSize, profile.resumeLastUpdated),
        },
        {
          key: 'coverLetter',
          label: 'Cover letter',
          value: documentValue(
            profile.coverLetterFileName,
            profile.coverLetterFileSize,
            profile.coverLetterLastUpdated,
            profile.coverLetterCompany ? `for ${profile.coverLetterCompany}` : undefined,
          ),
        },
      ]}
    />
  </Card>
);

/** /profile: who the person is to Outreach: professional details, documents, account and settings. */
export const ProfilePage = () => (
  <>
    <title>Profile · Outreach</title>
    <PageHeader title="Profile" description="What Outreach knows about you and writes your e-mails from." />
    <ProfileContent loadingRows={8}>
      {(profile) => (
        <div style={{ display: 'grid', gap: 24 }}>
          <ProfessionalCard profile={profile} />
          <DocumentsCard profile={profile} />
          <ProfileOverview profile={profile} />
        </div>
      )}
    </ProfileContent>
  </>
);
