import { SendOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type SendExplainerProps = {
  /** the default mailbox's address when its grant expired; null when none is connected */
  expiredEmail?: string | null;
};

/** Sending needs a working mailbox: until one is connected (or reconnected), Send says how. */
export const SendExplainer = ({ expiredEmail = null }: SendExplainerProps) => {
  const { t } = useTranslation(['outreach', 'emailConnection']);
  return (
    <Popover
      trigger="click"
      title={expiredEmail ? t('emailConnection:expiredTitle') : t('emailConnection:disconnectedTitle')}
      content={
        <div data-testid="send-explainer">
          {expiredEmail ? (
            <>
              <Typography.Paragraph>{t('emailConnection:expiredDescription')}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">
                {t('send.explainReconnect', { action: t('emailConnection:reconnect'), email: expiredEmail })}
              </Typography.Paragraph>
            </>
          ) : (
            <>
              <Typography.Paragraph>{t('emailConnection:connectPrompt')}.</Typography.Paragraph>
              <Typography.Paragraph type="secondary">
                {t('send.explainConnect', {
                  gmail: t('emailConnection:connectGmail'),
                  outlook: t('emailConnection:connectOutlook'),
                })}
              </Typography.Paragraph>
            </>
          )}
        </div>
      }
    >
      <Button icon={<SendOutlined />}>{t('send.send')}</Button>
    </Popover>
  );
};
