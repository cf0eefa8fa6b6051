import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/ui/toast/useToast';
import { errorText } from '@/lib/http/errorText';
import type { Enrollment, EnrollmentAction } from '../api/sequencesApi';
import { enrollmentActionsOf } from '../utils/sequenceForm';

export type EnrollmentActionsProps = {
  enrollment: Pick<Enrollment, 'status'>;
  /** the contact's name, in the confirmation and the toast */
  name: string;
  onAction: (action: EnrollmentAction) => Promise<void>;
};

/** Pause, resume, skip the next step or stop (after a confirmation) one contact's enrolment. */
export const EnrollmentActions = ({ enrollment, name, onAction }: EnrollmentActionsProps) => {
  const { t } = useTranslation('sequences');
  const toast = useToast();
  const [busy, setBusy] = useState<EnrollmentAction | null>(null);
  const run = async (action: EnrollmentAction) => {
    setBusy(action);
    try {
      await onAction(action);
      toast.success(t(`action.done.${action}`, { name }));
    } catch (caught) {
      toast.error(t('enrollments.changeFailed'), { description: errorText(caught) });
    } finally {
      setBusy(null);
    }
  };
  const actions = enrollmentActionsOf(enrollment.status);
  if (!actions.length) return null;
  return (
    <Space size={4} wrap>
      {actions.map((action) =>
        action === 'stop' ? (
          <Popconfirm
            key={action}
            title={t('action.stopTitle', { name })}
            description={t('action.stopDescription')}
            okText={t('action.stop')}
            okButtonProps={{ danger: true }}
            onConfirm={() => void run('stop')}
          >
            <Button size="small" danger loading={busy === 'stop'} disabled={busy !== null && busy !== 'stop'}>
              {t('action.stop')}
            </Button>
          </Popconfirm>
        ) : (
          <Button
            key={action}
            size="small"
            loading={busy === action}
            disabled={busy !== null && busy !== action}
            onClick={() => void run(action)}
          >
            {t(`action.${action}`)}
          </Button>
        ),
      )}
    </Space>
  );
};
