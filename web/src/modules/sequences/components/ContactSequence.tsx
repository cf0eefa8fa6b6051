import { NodeIndexOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/formatDate';
import { sequencePath } from '@/lib/paths';
import { useContactEnrollment } from '../hooks/useContactEnrollment';
import { useSequences } from '../hooks/useSequences';
import { EnrollmentActions } from './EnrollmentActions';
import { EnrollmentState } from './EnrollmentState';
import './sequences.css';

// the dialog arrives when first opened: the drawers it sits in need only the state
const EnrollModal = lazy(async () => ({ default: (await import('./EnrollModal')).EnrollModal }));

export type ContactSequenceProps = {
  contactId: string;
  /** the contact's name, in the actions' confirmations and toasts */
  name: string;
};

/**
 * A contact's sequence, in the contact drawer and on the Outreach page (DESIGN §9): the sequence it is in, where it is
 * (step, next e-mail, pause, why it stopped) with pause, resume, skip and stop; 'Add to sequence' when it is in none
 * that runs.
 */
export const ContactSequence = ({ contactId, name }: ContactSequenceProps) => {
  const { t, i18n } = useTranslation('sequences');
  const { enrollment, isLoading, error, act } = useContactEnrollment(contactId);
  const { sequences } = useSequences();
  const [enrolling, setEnrolling] = useState(false);
  const [enrollMounted, setEnrollMounted] = useState(false);
  const running = enrollment?.status === 'active' || enrollment?.status === 'paused';
  const stepCount = sequences.find((sequence) => sequence.id === enrollment?.sequenceId)?.steps.length;

  // unknown is not 'in none': without an answer the section waits rather than offer to enrol
  if (isLoading || (error && !enrollment)) return null;
  return (
    <section className="contact-sequence" aria-label={t('contact.title')} data-testid="contact-sequence">
      <div className="contact-sequence__head">
        <Typography.Text strong>
          <NodeIndexOutlined /> {t('contact.title')}
          {enrollment ? (
            <>
              {': '}
              <Link to={sequencePath(enrollment.sequenceId)}>{enrollment.sequenceName}</Link>
            </>
          ) : null}
        </Typography.Text>
        {running && enrollment ? (
          <EnrollmentActions enrollment={enrollment} name={name} onAction={act} />
        ) : (
          <Button
            size="small"
            onClick={() => {
              setEnrollMounted(true);
              setEnrolling(true);
            }}
          >
            {t('enroll.action')}
          </Button>
        )}
      </div>
      {enrollment && stepCount !== undefined ? <EnrollmentState enrollment={enrollment} stepCount={stepCount} /> : null}
      {enrollment?.nextSendAt && running ? (
        <Typography.Text type="secondary">
          {t('contact.nextAt', { time: formatDateTime(enrollment.nextSendAt, i18n.language) })}
        </Typography.Text>
      ) : null}
      {!enrollment ? <Typography.Text type="secondary">{t('contact.none')}</Typography.Text> : null}
      {enrollMounted ? (
        <Suspense fallback={null}>
          <EnrollModal
            open={enrolling}
            contactIds={[contactId]}
            nameOf={() => name}
            onClose={() => setEnrolling(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
};
