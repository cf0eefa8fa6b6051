import { CheckOutlined, CopyOutlined, GiftOutlined, ShareAltOutlined, UserAddOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { referral } from '@shared/constants';
import './Referrals.css';

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
    text: `You get ${referral.referrerBonusSlots} bonus contact slots for each friend who joins, for up to ${referral.monthlyRewardLimit} friends a month.`,
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

export type ReferralLinkCardProps = { code: string; link: string };

/** The user's referral link and code (DESIGN §6: `/signup?ref=CODE`), each with its copy button, and how it works. */
export const ReferralLinkCard = ({ code, link }: ReferralLinkCardProps) => (
  <Card title="Your referral link" data-testid="referral-link-card">
    <div className="referral-boxes">
      <div className="referral-box">
        <Typography.Text type="secondary">Link</Typography.Text>
        <Typography.Paragraph
          className="referral-copy"
          copyable={{ text: link, icon: copyIcons('Copy link'), tooltips: false }}
        >
          <span data-testid="referral-link">{link}</span>
        </Typography.Paragraph>
      </div>
      <div className="referral-box">
        <Typography.Text type="secondary">Code</Typography.Text>
        <Typography.Paragraph
          className="referral-copy referral-copy--code"
          copyable={{ text: code, icon: copyIcons('Copy code'), tooltips: false }}
        >
          <span data-testid="referral-code">{code}</span>
        </Typography.Paragraph>
      </div>
    </div>
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
);
