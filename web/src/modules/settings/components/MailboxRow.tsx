import { Alert, Badge, Button, Popconfirm, Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import type { Connection } from '@shared/schemas/mailboxes';
import { providerLabels } from '@/modules/emailConnection/state/emailConnectionState';
import { GoogleLogo, MicrosoftLogo } from '@/ui/ProviderLogos';
import { useTranslation } from 'react-i18next';

/** What a row is busy with: its button shows the spinner and the others wait. */
export type MailboxRowBusy = 'default' | 'disconnect' | 'reconnect' | null;

export type MailboxRowProps = {
  connection: Connection;
  /** the token-health text of a connected mailbox (SPEC §8 'Token health') */
  healthText: string;
  busy: MailboxRowBusy;
  /** another mailbox is busy, or a connect flow runs: nothing here can start */
  locked?: boolean;
  onMakeDefault: () => void;
  onReconnect: () => void;
  /** after the confirmation; the confirmation waits for the promise */
  onDisconnect: () => Promise<unknown>;
};

export const providerLogos = { gmail: <GoogleLogo />, outlook: <MicrosoftLogo /> } as const;

/**
 * One mailbox of the Mailboxes section: address, provider, whether it is the default, connected (with its token
 * health) or expired (SPEC §2's expired texts), and what can be done with it.
 */
export const MailboxRow = ({
  connection,
  healthText,
  busy,
  locked = false,
  onMakeDefault,
  onReconnect,
  onDisconnect,
}: MailboxRowProps) => {
  const { t } = useTranslation(['settings', 'emailConnection']);
  const { email, provider, isDefault, status } = connection;
  const providerLabel = providerLabels[provider];
  const expired = status === 'expired';
  /** a button waits while the row does something else, or while it is locked */
  const waits = (action: Exclude<MailboxRowBusy, null>) => locked || (busy !== null && busy !== action);
  return (
    <li className={expired ? 'mailbox-row mailbox-row--expired' : 'mailbox-row'} data-testid="mailbox-row">
      <div className="mailbox-row__main">
        <span className="mailbox-row__logo">{providerLogos[provider]}</span>
        <div className="mailbox-row__text">
          <div className="mailbox-row__title">
            <Typography.Text strong className="mailbox-row__email" data-testid="mailbox-email">
              {email}
            </Typography.Text>
            {isDefault ? (
              <Tag color="processing" className="mailbox-row__default">
                {t('mailboxes.defaultTag')}
              </Tag>
            ) : null}
          </div>
          <div className="mailbox-row__meta">
            <Typography.Text type="secondary" data-testid="mailbox-provider">
              {providerLabel}
            </Typography.Text>
            {expired ? null : (
              <>
                <span aria-hidden="true" className="mailbox-row__dot">
                  ·
                </span>
                <Badge status="success" text={t('mailboxes.connected')} />
                <span aria-hidden="true" className="mailbox-row__dot">
                  ·
                </span>
                <Typography.Text type="secondary" className="mailbox-row__health" data-testid="mailbox-health">
                  {healthText}
                </Typography.Text>
              </>
            )}
          </div>
        </div>
        <div className="mailbox-row__actions">
          {expired ? (
            <Button type="primary" onClick={onReconnect} loading={busy === 'reconnect'} disabled={waits('reconnect')}>
              {t('mailboxes.reconnect')}
            </Button>
          ) : null}
          {isDefault ? null : (
            <Button onClick={onMakeDefault} loading={busy === 'default'} disabled={waits('default')}>
              {t('mailboxes.makeDefault')}
            </Button>
          )}
          <Popconfirm
            title={t('mailboxes.disconnectTitle', { email })}
            description={
              <span className="mailbox-row__confirm">
                {t('mailboxes.disconnectDescription', { provider: providerLabel })}
              </span>
            }
            okText={t('mailboxes.disconnect')}
            okButtonProps={{ danger: true }}
            cancelText={t('mailboxes.cancel')}
            onConfirm={onDisconnect}
            placement="bottomRight"
          >
            <Button danger loading={busy === 'disconnect'} disabled={waits('disconnect')}>
              {t('mailboxes.disconnect')}
            </Button>
          </Popconfirm>
        </div>
      </div>
      {expired ? (
        <Alert
          type="warning"
          showIcon
          className="mailbox-row__expired"
          title={t('emailConnection:expiredTitle')}
          description={t('emailConnection:expiredDescription')}
        />
      ) : null}
    </li>
  );
};
