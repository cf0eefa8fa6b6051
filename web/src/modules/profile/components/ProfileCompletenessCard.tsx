import { CheckCircleFilled, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Card, Progress, Typography } from 'antd';
import { useSnapshot } from 'valtio';
import type { Profile } from '@shared/schemas/profile';
import { normalizeState } from '../state/normalizeState';
import { useTranslation } from 'react-i18next';
import { profileCompleteness, type CompletenessCheck } from '../utils/profileCompleteness';
import { formatRecentTime } from '@/lib/formatDate';
import './ProfileCompletenessCard.css';

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
  const { t, i18n } = useTranslation('profile');
  const percent = Math.round((done.length / order.length) * 100);

  return (
    <Card data-testid="profile-completeness" className="profile-completeness">
      <div className="profile-completeness__head">
        <Progress
          type="circle"
          size={52}
          percent={percent}
          format={() => `${done.length}/${order.length}`}
          aria-label={t('completeness.progress', { done: done.length, total: order.length })}
        />
        <div className="profile-completeness__who">
          <Typography.Title
            level={2}
            className="profile-completeness__status"
            data-testid="profile-completeness-status"
          >
            {complete ? t('completeness.complete') : t('completeness.incomplete')}
          </Typography.Title>
          <Typography.Text type="secondary" className="profile-completeness__lead">
            {complete ? t('completeness.completeLead') : t('completeness.incompleteLead')}
          </Typography.Text>
        </div>
      </div>

      <ul aria-label={t('completeness.checksLabel')} className="profile-completeness__checks">
        {order.map((check) => {
          const met = done.includes(check);
          return (
            <li key={check} className="profile-completeness__check" data-done={met}>
              {met ? (
                <CheckCircleFilled
                  className="profile-completeness__check-icon profile-completeness__check-icon--done"
                  aria-label={t('completeness.done')}
                />
              ) : (
                <ExclamationCircleOutlined
                  className="profile-completeness__check-icon profile-completeness__check-icon--missing"
                  aria-label={t('completeness.missing')}
                />
              )}
              <span className="profile-completeness__check-label">{t(`completeness.checks.${check}`)}</span>
              {met ? null : (
                <a href={anchors[check]} className="profile-completeness__add">
                  {t('completeness.add')}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {missing.length > 0 ? (
        <Typography.Paragraph type="secondary" className="profile-completeness__missing" data-testid="profile-missing">
          {t('completeness.missingList', {
            list: missing.map((check) => t(`completeness.missingChecks.${check}`)).join(', '),
          })}
        </Typography.Paragraph>
      ) : null}

      <div className="profile-completeness__summary">
        <Typography.Text strong className="profile-completeness__summary-title">
          {t('completeness.summaryTitle')}
        </Typography.Text>
        {status === 'running' ? (
          <Typography.Paragraph type="secondary" className="profile-completeness__note">
            <ClockCircleOutlined /> {t('completeness.updating')}
          </Typography.Paragraph>
        ) : null}
        {status === 'empty' ? (
          <Typography.Paragraph
            type="secondary"
            className="profile-completeness__note"
            data-testid="profile-summary-note"
          >
            {note}
          </Typography.Paragraph>
        ) : profile.normalizedSummary ? (
          <>
            <Typography.Paragraph
              className="profile-completeness__summary-text"
              ellipsis={{ rows: 6, expandable: 'collapsible' }}
              data-testid="profile-summary"
            >
              {profile.normalizedSummary}
            </Typography.Paragraph>
            {profile.normalizedAt ? (
              <Typography.Text type="secondary" className="profile-completeness__updated">
                {t('completeness.updated', { time: formatRecentTime(profile.normalizedAt, i18n.language) })}
              </Typography.Text>
            ) : null}
          </>
        ) : status === 'running' ? null : (
          <Typography.Paragraph type="secondary" className="profile-completeness__note">
            {t('completeness.summaryPending')}
          </Typography.Paragraph>
        )}
        {status === 'failed' ? (
          <Typography.Paragraph
            type="secondary"
            className="profile-completeness__note profile-completeness__note--small"
            data-testid="profile-summary-note"
          >
            {t('completeness.summaryFailed')}
          </Typography.Paragraph>
        ) : null}
      </div>
    </Card>
  );
};
