import { BankOutlined, ReadOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { Education, Experience } from '../api/contactMapping';

export type ProfileSummaryProps = {
  education: readonly Education[];
  experiences: readonly Experience[];
  /** entries shown of each list; all when absent */
  limit?: number;
};

const years = (start?: number, end?: number, current?: boolean) => {
  if (!start && !end) return '';
  return `${start ?? ''}–${current ? 'present' : (end ?? '')}`;
};

const Entry = ({ title, subtitle, meta }: { title: string; subtitle?: string; meta?: string }) => (
  <li style={{ display: 'grid', gap: 1, padding: '6px 0' }}>
    <Typography.Text strong style={{ fontSize: 13.5 }}>
      {title}
    </Typography.Text>
    {subtitle ? <Typography.Text style={{ fontSize: 13 }}>{subtitle}</Typography.Text> : null}
    {meta ? (
      <Typography.Text type="secondary" style={{ fontSize: 12.5 }}>
        {meta}
      </Typography.Text>
    ) : null}
  </li>
);

/** A person's experiences and education, as the shared professional profile holds them (SPEC §3). */
export const ProfileSummary = ({ education, experiences, limit }: ProfileSummaryProps) => {
  const shownExperiences = limit ? experiences.slice(0, limit) : experiences;
  const shownEducation = limit ? education.slice(0, limit) : education;
  const list = { listStyle: 'none', margin: 0, padding: 0 } as const;
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <section aria-label="Experience" data-testid="profile-experience">
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 600, letterSpacing: 0.4, textTransform: 'uppercase' }}>
          <BankOutlined /> Experience
        </Typography.Text>
        {shownExperiences.length ? (
          <ul style={list}>
            {shownExperiences.map((entry, index) => (
              <Entry
                key={`${entry.company}-${entry.title}-${index}`}
                title={entry.title}
                subtitle={entry.company}
                meta={[entry.period || years(entry.startYear, entry.endYear, entry.isCurrent), entry.location].filter(Boolean).join(' · ')}
              />
            ))}
          </ul>
        ) : (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 13 }}>
            No experience on the profile.
          </Typography.Paragraph>
        )}
      </section>
      <section aria-label="Education" data-testid="profile-education">
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 600, letterSpacing: 0.4, textTransform: 'uppercase' }}>
          <ReadOutlined /> Education
        </Typography.Text>
        {shownEducation.length ? (
          <ul style={list}>
            {shownEducation.map((entry, index) => (
              <Entry
                key={`${entry.institution}-${index}`}
                title={entry.institution}
                subtitle={[entry.degree, entry.fieldOfStudy].filter(Boolean).join(', ')}
                meta={entry.period || years(entry.startYear, entry.endYear)}
              />
            ))}
          </ul>
        ) : (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 13 }}>
            No education on the profile.
          </Typography.Paragraph>
        )}
      </section>
    </div>
  );
};
