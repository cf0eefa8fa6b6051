import type { Profile } from '@shared/schemas/profile';
import { useTranslation } from 'react-i18next';
import { documentKindSpecs } from '../utils/documentKinds';
import { DocumentFilePanel } from './DocumentFilePanel';

export type BackgroundFilePanelProps = {
  profile: Profile;
  /** the processed file's text, which now is the profile's background */
  onBackgroundChange: (text: string) => void;
};

/** The background file (SPEC §7 `POST /process-file`): its text becomes the background written below it. */
export const BackgroundFilePanel = ({ profile, onBackgroundChange }: BackgroundFilePanelProps) => {
  const { t } = useTranslation('documents');
  return (
    <DocumentFilePanel
      spec={documentKindSpecs.background}
      profile={profile}
      removeNote={t('kind.background.removeNote')}
      onProcessed={(document) => onBackgroundChange(document.content)}
    />
  );
};
