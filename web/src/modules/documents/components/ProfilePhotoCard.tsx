import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { photoAccept } from '@shared/schemas/documents';
import type { Profile } from '@shared/schemas/profile';
import { profileName } from '@/modules/profile/utils/profileLabels';
import { Avatar } from '@/ui/Avatar';
import { initials } from '@/ui/initials';
import { SectionCard } from '@/ui/SectionCard';
import { usePhotoActions } from '../hooks/usePhotoActions';
import './ProfilePhotoCard.css';

/** SPEC §3 photoURL on /profile: the photo as the avatars show it (initials without one), Upload and Remove. */
export const ProfilePhotoCard = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation('documents');
  const { upload, remove, busy } = usePhotoActions();
  const input = useRef<HTMLInputElement>(null);
  const hasPhoto = Boolean(profile.photoURL);

  return (
    <SectionCard
      title={t('photo.title')}
      description={t('photo.description')}
      id="profile-photo"
      data-testid="profile-photo"
    >
      <div className="profile-photo">
        <Avatar
          size={72}
          src={profile.photoURL || undefined}
          alt={t('photo.avatarAlt')}
          className="profile-photo__avatar"
        >
          {initials(profileName(profile))}
        </Avatar>
        <div className="profile-photo__actions">
          <input
            ref={input}
            type="file"
            accept={photoAccept}
            hidden
            aria-label={t('photo.upload')}
            data-testid="profile-photo-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // the same file chosen again must fire a change
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <Button
            icon={<UploadOutlined />}
            loading={busy === 'uploading'}
            disabled={busy === 'removing'}
            onClick={() => input.current?.click()}
          >
            {hasPhoto ? t('photo.replace') : t('photo.upload')}
          </Button>
          {hasPhoto ? (
            <Button
              icon={<DeleteOutlined />}
              loading={busy === 'removing'}
              disabled={busy === 'uploading'}
              onClick={() => void remove()}
            >
              {t('photo.remove')}
            </Button>
          ) : null}
        </div>
      </div>
    </SectionCard>
  );
};
