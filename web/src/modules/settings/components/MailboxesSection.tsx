import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Connection, MailProvider } from '@shared/schemas/mailboxes';
import { useEmailConnections } from '@/modules/emailConnection/hooks/useEmailConnections';
import { emailConnectionState } from '@/modules/emailConnection/state/emailConnectionState';
import { tokenHealthTextKey } from '@/modules/emailConnection/utils/tokenHealth';
import { EmptyState } from '@/ui/EmptyState';
import { SectionCard } from '@/ui/SectionCard';
import { useToast } from '@/ui/toast/useToast';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MailboxRow, type MailboxRowBusy, providerLogos } from './MailboxRow';
import './MailboxesSection.css';

const providers: readonly MailProvider[] = ['gmail', 'outlook'];

/** SPEC §8 'Token health' text of a connected mailbox (reading A's wording; 'valid' while nothing is due). */
const healthTextOf = (t: TFunction<['settings', 'emailConnection']>, connection: Connection) =>
  t(`emailConnection:tokenHealth.${tokenHealthTextKey(connection) ?? 'valid'}`);

type Busy = { id: string; action: Exclude<MailboxRowBusy, null> } | null;

/**
 * Settings' Mailboxes section: the person's mailboxes, the default first, each connected (with its token
 * health) or expired; make one the default, reconnect an expired one (its provider's flow, its address as login_hint),
 * disconnect one after a confirmation, connect another. When it opens it asks the server to check each mailbox with
 * its provider once, so a grant revoked at Google or Microsoft shows as expired without waiting for the schedule.
 */
export const MailboxesSection = () => {
  const { connections, data, error, isLoading, mutate, makeDefault, disconnect, reconnect, connect, validate } =
    useEmailConnections();
  const flow = useSnapshot(emailConnectionState);
  const toast = useToast();
  const { t } = useTranslation(['settings', 'emailConnection']);
  const [busy, setBusy] = useState<Busy>(null);
  const [checking, setChecking] = useState(false);
  const validated = useRef(false);
  const flowRunning = flow.status === 'connecting';

  // once per opening of the section, as soon as the list is there: each mailbox checked with its provider
  useEffect(() => {
    if (validated.current || !data) return;
    validated.current = true;
    if (data.length === 0) return;
    setChecking(true);
    void Promise.allSettled(data.map((connection) => validate(connection.id))).then((results) => {
      setChecking(false);
      for (const result of results)
        if (result.status === 'rejected') console.warn('A mailbox could not be checked', result.reason);
    });
  }, [data, validate]);

  const run = async (connection: Connection, action: Exclude<MailboxRowBusy, null>, work: () => Promise<unknown>) => {
    setBusy({ id: connection.id, action });
    try {
      await work();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : t('emailConnection:errors.generic'), {
        key: `mailbox-${connection.id}`,
      });
    } finally {
      setBusy(null);
    }
  };

  const handleMakeDefault = (connection: Connection) =>
    run(connection, 'default', async () => {
      await makeDefault(connection.id);
      toast.success(t('mailboxes.madeDefault', { email: connection.email }), { key: 'mailbox-default' });
    });

  const handleDisconnect = (connection: Connection) =>
    run(connection, 'disconnect', async () => {
      await disconnect(connection.id);
      toast.success(t('mailboxes.disconnected', { email: connection.email }), { key: `mailbox-${connection.id}` });
    });

  /** Runs straight from the click: the Outlook popup must open within it. */
  const showFlowFailure = (connected: boolean) => {
    if (!connected && emailConnectionState.error)
      toast.error(emailConnectionState.error.message, { key: 'mailbox-flow' });
  };

  const handleReconnect = (connection: Connection) => {
    setBusy({ id: connection.id, action: 'reconnect' });
    void reconnect(connection)
      .then(showFlowFailure)
      .finally(() => setBusy(null));
  };

  const handleConnect = (provider: MailProvider) => void connect(provider).then(showFlowFailure);

  const connectButtons = providers.map((provider) => (
    <Button
      key={provider}
      icon={providerLogos[provider]}
      onClick={() => handleConnect(provider)}
      disabled={flowRunning}
    >
      {provider === 'gmail' ? t('emailConnection:connectGmail') : t('emailConnection:connectOutlook')}
    </Button>
  ));

  const body = () => {
    if (!data && error)
      return (
        <Alert
          type="error"
          showIcon
          title={t('mailboxes.loadFailed')}
          description={error.message}
          action={
            <Button size="small" onClick={() => void mutate()}>
              {t('mailboxes.tryAgain')}
            </Button>
          }
          data-testid="mailboxes-load-failed"
        />
      );
    if (!data || isLoading) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
    if (connections.length === 0)
      return (
        <div data-testid="mailboxes-empty">
          <EmptyState compact title={t('mailboxes.emptyTitle')} description={t('mailboxes.emptyDescription')}>
            <div className="mailboxes-section__empty-actions">{connectButtons}</div>
          </EmptyState>
        </div>
      );
    return (
      <>
        <ul className="mailboxes-section__list" aria-label={t('mailboxes.listLabel')}>
          {connections.map((connection) => (
            <MailboxRow
              key={connection.id}
              connection={connection}
              healthText={healthTextOf(t, connection)}
              busy={busy?.id === connection.id ? busy.action : null}
              locked={flowRunning || (busy !== null && busy.id !== connection.id)}
              onMakeDefault={() => void handleMakeDefault(connection)}
              onReconnect={() => handleReconnect(connection)}
              onDisconnect={() => handleDisconnect(connection)}
            />
          ))}
        </ul>
        <div className="mailboxes-section__add">
          <Typography.Text type="secondary" className="mailboxes-section__add-label">
            {t('mailboxes.addAnother')}
          </Typography.Text>
          {connectButtons}
        </div>
      </>
    );
  };

  return (
    <SectionCard
      id="mailboxes"
      title={t('mailboxes.title')}
      description={t('mailboxes.description')}
      extra={
        checking ? (
          <Typography.Text type="secondary" className="mailboxes-section__checking" role="status">
            <LoadingOutlined /> {t('mailboxes.checking')}
          </Typography.Text>
        ) : null
      }
      data-testid="settings-mailboxes"
    >
      {body()}
    </SectionCard>
  );
};
