import { BankOutlined, ReadOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import type { Education, Experience } from '../api/contactMapping';
import './contacts.css';

export type ProfileSummaryProps = {
  education: readonly Education[];
  experiences: readonly Experience[];
  /** entries shown of each list; all when absent */
  limit?: number;
};

const years = (start?: number, end?: number, current?: boolean) => {
  if (!start && !end) return '';
  return `${start ?? ''}–${current ? i18n.t('contacts:profile.present') : (end ?? '')}`;
};

const Entry = ({ title, subtitle, meta }: { title: string; subtitle?: string; meta?: string }) => (
  <li className="profile-summary__entry">
    <Typography.Text strong className="profile-summary__title">
      {title}
    </Typography.Text>
    {subtitle ? <Typography.Text className="contacts-text--small">{subtitle}</Typography.Text> : null}
    {meta ? (
      <Typography.Text type="secondary" className="contacts-text--smaller">
        {meta}
      </Typography.Text>
    ) : null}
  </li>
);

/** A person's experiences and education, as the shared professional profile holds them (SPEC §3). */
export const ProfileSummary = ({ education, experiences, limit }: ProfileSummaryProps) => {
  const { t } = useTranslation('contacts');
  const shownExperiences = limit ? experiences.slice(0, limit) : experiences;
  const shownEducation = limit ? education.slice(0, limit) : education;
  return (
    <div className="profile-summary">
      <section aria-label={t('profile.experience')} data-testid="profile-experience">
        <Typography.Text type="secondary" className="contacts-text--caps">
          <BankOutlined /> {t('profile.experience')}
        </Typography.Text>
        {shownExperiences.length ? (
          <ul className="profile-summary__list">
            {shownExperiences.map((entry, index) => (
              <Entry
                // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and may repeat; the list is fixed per render
                key={`${entry.company}-${entry.title}-${index}`}
                title={entry.title}
                subtitle={entry.company}
                meta={[entry.period || years(entry.startYear, entry.endYear, entry.isCurrent), entry.location]
                  .filter(Boolean)
                  .join(' · ')}
              />
            ))}
          </ul>
        ) : (
          <Typography.Paragraph type="secondary" className="profile-summary__none">
            {t('profile.noExperience')}
          </Typography.Paragraph>
        )}
      </section>
      <section aria-label={t('profile.education')} data-testid="profile-education">
        <Typography.Text type="secondary" className="contacts-text--caps">
          <ReadOutlined /> {t('profile.education')}
        </Typography.Text>
        {shownEducation.length ? (
          <ul className="profile-summary__list">
            {shownEducation.map((entry, index) => (
              <Entry
                // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and may repeat; the list is fixed per render
                key={`${entry.institution}-${index}`}
                title={entry.institution}
                subtitle={[entry.degree, entry.fieldOfStudy].filter(Boolean).join(', ')}
                meta={entry.period || years(entry.startYear, entry.endYear)}
              />
            ))}
          </ul>
        ) : (
          <Typography.Paragraph type="secondary" className="profile-summary__none">
            {t('profile.noEducation')}
          </Typography.Paragraph>
        )}
      </section>
    </div>
  );
};
