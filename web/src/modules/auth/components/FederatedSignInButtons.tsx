import { Alert, Button, Divider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '@/modules/config/hooks/useWebConfig';
import { GoogleLogo, MicrosoftLogo } from '@/ui/ProviderLogos';
import { signInWithProvider, type IdentityProvider } from '../api/amplifySignIn';
import { authErrorMessage } from '../utils/authErrorMessage';
import './auth.css';

const labels: Record<IdentityProvider, 'federated.google' | 'federated.microsoft'> = {
  Google: 'federated.google',
  Microsoft: 'federated.microsoft',
};

const logos: Record<IdentityProvider, () => React.JSX.Element> = { Google: GoogleLogo, Microsoft: MicrosoftLogo };

/**
 * Google and Microsoft sign-in through the hosted UI (SPEC §1), shown only when `config.json` says they are
 * configured for this environment (a hosted-UI domain and the provider).
 */
export type FederatedSignInButtonsProps = { referralCode?: string };

export const FederatedSignInButtons = ({ referralCode }: FederatedSignInButtonsProps) => {
  const { oauthDomain, identityProviders } = useWebConfig();
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState<IdentityProvider | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!oauthDomain || identityProviders.length === 0) return null;

  const handleClick = async (provider: IdentityProvider) => {
    setPending(provider);
    setError(null);
    try {
      await signInWithProvider(provider, referralCode ? { referralCode } : {});
    } catch (failure) {
      setError(authErrorMessage(failure));
      setPending(null);
    }
  };

  return (
    <div className="federated-sign-in">
      {error ? (
        <Alert role="alert" type="error" showIcon title={error} className="auth-form__alert auth-form__alert--tight" />
      ) : null}
      <div className="federated-sign-in__buttons">
        {identityProviders.map((provider) => {
          const Logo = logos[provider];
          return (
            <Button
              key={provider}
              size="large"
              block
              icon={<Logo />}
              loading={pending === provider}
              disabled={pending !== null && pending !== provider}
              onClick={() => void handleClick(provider)}
            >
              {t(labels[provider])}
            </Button>
          );
        })}
      </div>
      <Divider plain className="federated-sign-in__divider">
        {t('federated.orEmail')}
      </Divider>
    </div>
  );
};
