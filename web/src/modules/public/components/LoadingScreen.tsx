import { BrandMark } from '@/ui/BrandMark';
import '@/ui/theme/landingPalette.css';
import './LoadingScreen.css';

export type LoadingScreenProps = {
  /** @default 'Loading...' */
  label?: string;
};

/** The dark full-screen wait (SPEC §2 'A loading screen shows while auth state loads'): logo, spinner, a word. */
export const LoadingScreen = ({ label = 'Loading...' }: LoadingScreenProps) => (
  <div className="loading-screen">
    <BrandMark inverted size={36} />
    <span className="loading-screen__spinner" aria-hidden="true" />
    <p className="loading-screen__label" role="status" aria-live="polite">
      {label}
    </p>
  </div>
);
