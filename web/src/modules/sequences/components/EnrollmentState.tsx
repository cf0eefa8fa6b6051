import { Tag } from '@/ui/Tag';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/formatDate';
import type { Enrollment } from '../api/sequencesApi';
import { stepProgress } from '../utils/sequenceForm';
import './sequences.css';

const statusColors = { active: 'processing', paused: 'warning', stopped: 'default', finished: 'success' } as const;

export type EnrollmentStateProps = {
  enrollment: Enrollment;
  /** how many steps its sequence has */
  stepCount: number;
};

/**
 * Where a contact is in its sequence: the status (with why it stopped), the steps behind it, and what comes next: the
 * next e-mail's time, the day a pause ends, or what the next send waits for (an expired mailbox, DESIGN §9).
 */
export const EnrollmentState = ({ enrollment, stepCount }: EnrollmentStateProps) => {
  const { t, i18n } = useTranslation('sequences');
  const { done, total } = stepProgress(enrollment, stepCount);
  const notes = [
    enrollment.status === 'stopped' && enrollment.stoppedReason
      ? t('enrollments.stoppedBecause', { reason: t(`stoppedReason.${enrollment.stoppedReason}`) })
      : null,
    enrollment.status === 'paused'
      ? enrollment.pausedUntil
        ? t('enrollments.pausedUntil', { time: formatDateTime(enrollment.pausedUntil, i18n.language) })
        : t('enrollments.pausedByYou')
      : null,
    enrollment.waitReason ? t('enrollments.waiting', { reason: enrollment.waitReason }) : null,
  ].filter((note): note is string => note !== null);
  return (
    <div className="sequence-enrollment__state">
      <span>
        <Tag color={statusColors[enrollment.status]}>{t(`status.${enrollment.status}`)}</Tag>
        {t('enrollments.steps', { done, total })}
      </span>
      {notes.map((note) => (
        <span key={note} className="sequence-enrollment__note">
          {note}
        </span>
      ))}
    </div>
  );
};
