import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useEmailConnect } from '../hooks/useEmailConnect';
import { useEmailConnectionSync } from '../hooks/useEmailConnectionSync';
import { emailConnectionState, type EmailProvider } from '../state/emailConnectionState';
import { tokenHealthTextKey } from '../utils/tokenHealth';
import { EmailConnectionWidget } from './EmailConnectionWidget';

/**
 * The app header's e-mail connection (SPEC §2): the default mailbox from the server, kept in step across tabs, with
 * the connect, change and reconnect flows wired in.
 */
export const HeaderEmailConnection = () => {
  const { t } = useTranslation('emailConnection');
  const { connection, now } = useEmailConnectionSync();
  const { connect } = useEmailConnect();
  const state = useSnapshot(emailConnectionState);

  const healthKey = connection && connection.status === 'connected' ? tokenHealthTextKey(connection, now) : null;
  const notice = state.error?.message ?? (healthKey ? t(`tokenHealth.${healthKey}`) : null);

  const handleConnect = (provider: EmailProvider) => void connect(provider);
  const handleChangeEmail = (provider: EmailProvider) => void connect(provider, { makeDefault: true });
  const handleReconnect = () =>
    connection && void connect(connection.provider, { loginHint: connection.email, reconnect: true });

  return (
    <EmailConnectionWidget
      account={connection}
      onConnect={handleConnect}
      onChangeEmail={handleChangeEmail}
      onReconnect={handleReconnect}
      notice={notice}
    />
  );
};
