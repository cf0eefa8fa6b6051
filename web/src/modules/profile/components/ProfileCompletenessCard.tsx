import { CheckCircleFilled, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Card, Progress, Typography } from 'antd';
import { useSnapshot } from 'valtio';
import type { Profile } from '@shared/schemas/profile';
import { normalizeState } from '../state/normalizeState';
import { completenessLabels, profileCompleteness, type CompletenessCheck } from '../utils/profileCompleteness';
import { formatMemberSince } from '../utils/profileLabels';

export type ProfileCompletenessCardProps = { profile: Profile };

const order: CompletenessCheck[] = ['name', 'background', 'goals'];

/** Where each missing piece is filled in, for the link next to it. */
const anchors: Record<CompletenessCheck, string> = {
  name: '#profile-about',
  background: '#profile-background',
  goals: '#profile-lookingFor',
};

/**
 * Whether the profile has what AI drafting needs (a name, a background or résumé, goals), what is missing, and the
 * state of the summary drafting works from.
 */
export const ProfileCompletenessCard = ({ profile }: ProfileCompletenessCardProps) => {
  const { complete, done, missing } = profileCompleteness(profile);
  const { status, note } = useSnapshot(normalizeState);
  const percent = Math.round((done.length / order.length) * 100);

  return (
    <Card data-testid="profile-completeness" styles={{ body: { padding: 20 } }}>
      <div style={{ display: 'flex', gap: 14, alignItems: 'center' }}>
        <Progress
          type="circle"
          size={52}
          percent={percent}
          strokeColor={complete ? '#16a34a' : '#4f46e5'}
          format={() => `${done.length}/${order.length}`}
          aria-label={`${done.length} of ${order.length} done`}
        />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 16, fontWeight: 600 }} data-testid="profile-completeness-status">
            {complete ? 'Profile complete' : 'Profile incomplete'}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 13, lineHeight: 1.45, display: 'block' }}>
            {complete
              ? 'Outreach has what it needs to draft e-mails for you.'
              : 'AI drafting needs a little more about you.'}
          </Typography.Text>
        </div>
      </div>

      <ul aria-label="What AI drafting needs" style={{ listStyle: 'none', margin: '18px 0 0', padding: 0, display: 'grid', gap: 10 }}>
        {order.map((check) => {
          const met = done.includes(check);
          return (
            <li key={check} style={{ display: 'flex', gap: 10, alignItems: 'center', fontSize: 14 }} data-done={met}>
              {met ? (
                <CheckCircleFilled style={{ color: '#16a34a', fontSize: 16 }} aria-label="Done" />
              ) : (
                <ExclamationCircleOutlined style={{ color: '#d97706', fontSize: 16 }} aria-label="Missing" />
              )}
              <span style={{ flex: 1, color: met ? '#374151' : '#111827' }}>{completenessLabels[check]}</span>
              {met ? null : (
                <a href={anchors[check]} style={{ fontSize: 13 }}>
                  Add
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {missing.length > 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '14px 0 0', fontSize: 13 }} data-testid="profile-missing">
          Missing: {missing.map((check) => completenessLabels[check].replace(/^Your /, '').toLowerCase()).join(', ')}.
        </Typography.Paragraph>
      ) : null}

      <div style={{ borderTop: '1px solid #f0f1f5', margin: '18px -20px 0', padding: '16px 20px 0' }}>
        <Typography.Text strong style={{ fontSize: 13 }}>
          Your AI summary
        </Typography.Text>
        {status === 'running' ? (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 13 }}>
            <ClockCircleOutlined /> Updating from your latest changes…
          </Typography.Paragraph>
        ) : null}
        {status === 'empty' ? (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 13 }} data-testid="profile-summary-note">
            {note}
          </Typography.Paragraph>
        ) : profile.normalizedSummary ? (
          <>
            <Typography.Paragraph
              style={{ margin: '6px 0 0', fontSize: 13, color: '#374151', whiteSpace: 'pre-line' }}
              ellipsis={{ rows: 6, expandable: 'collapsible' }}
              data-testid="profile-summary"
            >
              {profile.normalizedSummary}
            </Typography.Paragraph>
            {profile.normalizedAt ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Updated {formatMemberSince(profile.normalizedAt)}
              </Typography.Text>
            ) : null}
          </>
        ) : status === 'running' ? null : (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 13 }}>
            Written from your profile and documents once you save them; AI drafting works from it.
          </Typography.Paragraph>
        )}
        {status === 'failed' ? (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 12.5 }} data-testid="profile-summary-note">
            The summary could not be updated just now; it will be on your next save.
          </Typography.Paragraph>
        ) : null}
      </div>
    </Card>
  );
};
