import {
  CheckOutlined,
  CopyOutlined,
  GiftOutlined,
  ShareAltOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { referral } from '@shared/constants';
import { EmptyState } from '@/ui/EmptyState';
import './ReferralsPage.css';
import { PageHeader } from '@/ui/PageHeader';
import { ProfileContent } from './ProfileContent';

/** DESIGN §6: the referral link of a code. */
export const referralLink = (code: string, origin: string = window.location.origin) =>
  `${origin}/signup?ref=${encodeURIComponent(code)}`;

type Step = { icon: ReactNode; title: string; text: string };

const steps: readonly Step[] = [
  { icon: <ShareAltOutlined />, title: 'Share your link', text: 'Send it to a friend or colleague who networks too.' },
  {
    icon: <UserAddOutlined />,
    title: 'They sign up',
    text: `They get ${referral.newUserBonusSlots} bonus contact slots.`,
  },
  {
    icon: <GiftOutlined />,
    title: 'You both gain',
    text: `You get ${referral.referrerBonusSlots} bonus contact slots for each friend who joins.`,
  },
];

/** The copy control of a box: a labelled button, not a bare icon. */
const copyIcons = (label: string): [ReactNode, ReactNode] => [
  <span key="copy" className="referral-copy__button">
    <CopyOutlined /> {label}
  </span>,
  <span key="copied" className="referral-copy__button referral-copy__button--done">
    <CheckOutlined /> Copied
  </span>,
];

/** /referrals inside the app: the person's code and link, the rewards, and who joined through them. */
export const ReferralsPage = () => (
  <>
    <title>Referrals · Outreach</title>
    <PageHeader
      title="Referrals"
      description={`Invite people you know: you get ${referral.referrerBonusSlots} bonus contact slots for each one who signs up, and they get ${referral.newUserBonusSlots}.`}
    />
    <ProfileContent>
      {(profile) => (
        <div className="referrals-page">
          <Card title="Your referral link" data-testid="referral-link-card">
            {profile.referralCode ? (
              <div className="referral-boxes">
                <div className="referral-box">
                  <Typography.Text type="secondary">Link</Typography.Text>
                  <Typography.Paragraph
                    className="referral-copy"
                    copyable={{
                      text: referralLink(profile.referralCode),
                      icon: copyIcons('Copy link'),
                      tooltips: false,
                    }}
                  >
                    <span data-testid="referral-link">{referralLink(profile.referralCode)}</span>
                  </Typography.Paragraph>
                </div>
                <div className="referral-box">
                  <Typography.Text type="secondary">Code</Typography.Text>
                  <Typography.Paragraph
                    className="referral-copy referral-copy--code"
                    copyable={{ text: profile.referralCode, icon: copyIcons('Copy code'), tooltips: false }}
                  >
                    <span data-testid="referral-code">{profile.referralCode}</span>
                  </Typography.Paragraph>
                </div>
              </div>
            ) : (
              <Typography.Text type="secondary">
                Your referral code is not ready yet. Reload the page in a moment.
              </Typography.Text>
            )}
            <ol className="referral-steps">
              {steps.map((step, index) => (
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
          <Card title="Referred friends" data-testid="referred-friends">
            <EmptyState
              icon={<TeamOutlined />}
              title="No referred friends yet"
              description={`People who sign up with your link or code appear here, each with the ${referral.referrerBonusSlots} bonus contact slots they earned you. Bonus slots are used before your plan's own.`}
            />
          </Card>
        </div>
      )}
    </ProfileContent>
  </>
);
