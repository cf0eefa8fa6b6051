import { GiftOutlined, ShareAltOutlined, UserAddOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { referral } from '@shared/constants';
import { CopyButton } from './CopyButton';
import './Referrals.css';

type Step = { icon: ReactNode; title: string; text: string };

/** How referring works, in the interface's language. */
const steps = (): readonly Step[] => [
  {
    icon: <ShareAltOutlined />,
    title: i18n.t('referrals:link.steps.share.title'),
    text: i18n.t('referrals:link.steps.share.text'),
  },
  {
    icon: <UserAddOutlined />,
    title: i18n.t('referrals:link.steps.signUp.title'),
    text: i18n.t('referrals:link.steps.signUp.text', { count: referral.newUserBonusSlots }),
  },
  {
    icon: <GiftOutlined />,
    title: i18n.t('referrals:link.steps.gain.title'),
    text: i18n.t('referrals:link.steps.gain.text', {
      count: referral.referrerBonusSlots,
      limit: referral.monthlyRewardLimit,
    }),
  },
];

export type ReferralLinkCardProps = { code: string; link: string };

/** The user's referral link and code (DESIGN §6: `/signup?ref=CODE`), each with its copy button, and how it works. */
export const ReferralLinkCard = ({ code, link }: ReferralLinkCardProps) => {
  const { t } = useTranslation('referrals');
  return (
    <Card title={t('link.title')} data-testid="referral-link-card">
      <div className="referral-boxes">
        <div className="referral-box">
          <Typography.Text type="secondary">{t('link.link')}</Typography.Text>
          <div className="referral-copy">
            <span data-testid="referral-link">{link}</span>
            <CopyButton text={link} label={t('link.copyLink')} copiedLabel={t('link.copied')} />
          </div>
        </div>
        <div className="referral-box">
          <Typography.Text type="secondary">{t('link.code')}</Typography.Text>
          <div className="referral-copy referral-copy--code">
            <span data-testid="referral-code">{code}</span>
            <CopyButton text={code} label={t('link.copyCode')} copiedLabel={t('link.copied')} />
          </div>
        </div>
      </div>
      <ol className="referral-steps">
        {steps().map((step, index) => (
          <li key={step.title} className="referral-step">
            <span aria-hidden="true" className="referral-step__icon">
              {step.icon}
            </span>
            <span className="referral-step__text">
              <Typography.Text strong>{`${index + 1}. ${step.title}`}</Typography.Text>
              <Typography.Text type="secondary" className="referral-step__detail">
                {step.text}
              </Typography.Text>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
};
