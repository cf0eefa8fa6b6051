import type { Profile } from '@shared/schemas/profile';
import { documentKindSpecs } from '../utils/documentKinds';
import { DocumentFilePanel } from './DocumentFilePanel';

export type BackgroundFilePanelProps = {
  profile: Profile;
  /** the processed file's text, which now is the profile's background */
  onBackgroundChange: (text: string) => void;
};

/** The background file (SPEC §7 `POST /process-file`): its text becomes the background written below it. */
export const BackgroundFilePanel = ({ profile, onBackgroundChange }: BackgroundFilePanelProps) => (
  <DocumentFilePanel
    spec={documentKindSpecs.background}
    profile={profile}
    removeNote="The file is deleted; the background text stays yours to keep or edit."
    onProcessed={(document) => onBackgroundChange(document.content)}
  />
);
