import type { Meeting } from '@shared/schemas/meetings';
import { Alert, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeetingChanges } from '../api/meetingsApi';
import { useContactTimeZone } from '../hooks/useContactTimeZone';
import { instantOfPicked, pickerValueAt } from '../utils/pickerTime';
import { MeetingTimeFields, type MeetingTimeValues } from './MeetingTimeFields';

export type RescheduleModalProps = {
  /** the meeting to move; null: closed */
  meeting: Meeting | null;
  timeZone: string;
  /** the user's settings language (how a typed date reads) */
  language: string;
  onClose: () => void;
  /** stores the new time (PATCH); rejects with the server's reason */
  onSave: (meeting: Meeting, changes: MeetingChanges) => Promise<void>;
};

/** A new date, time and length for a meeting; its Zoom meeting follows and the contact gets an updated invitation. */
export const RescheduleModal = ({ meeting, timeZone, language, onClose, onSave }: RescheduleModalProps) => {
  const { t } = useTranslation('meetings');
  return (
    <Modal
      open={meeting !== null}
      onCancel={onClose}
      title={meeting ? t('reschedule.title', { title: meeting.title }) : t('meeting.reschedule')}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {meeting ? (
        <RescheduleForm meeting={meeting} timeZone={timeZone} language={language} onClose={onClose} onSave={onSave} />
      ) : null}
    </Modal>
  );
};

const RescheduleForm = ({
  meeting,
  timeZone,
  language,
  onClose,
  onSave,
}: RescheduleModalProps & { meeting: Meeting }) => {
  const { t } = useTranslation('meetings');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const contactClock = useContactTimeZone(meeting.contactId, meeting.contactName);

  const handleFinish = async ({ start, durationMinutes }: MeetingTimeValues) => {
    if (!start || durationMinutes === null) return;
    const picked = instantOfPicked(start, timeZone);
    // the picker holds whole minutes: the time counts as changed when its minute is another
    const moved = Math.floor(picked.getTime() / 60_000) !== Math.floor(new Date(meeting.startTime).getTime() / 60_000);
    const changes: MeetingChanges = {
      ...(moved ? { startTime: picked.toISOString(), timeZone } : {}),
      ...(durationMinutes !== meeting.durationMinutes ? { durationMinutes } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSave(meeting, changes);
      onClose();
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<MeetingTimeValues>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void handleFinish(values)}
      initialValues={{
        start: pickerValueAt(new Date(meeting.startTime), timeZone),
        durationMinutes: meeting.durationMinutes,
      }}
    >
      <MeetingTimeFields timeZone={timeZone} language={language} contact={contactClock} />
      <Alert
        type="info"
        showIcon
        title={t(meeting.contactEmail ? 'reschedule.invitation' : 'reschedule.noEmail')}
        className="reschedule__note"
      />
      {failure ? <Alert type="error" showIcon title={failure} className="reschedule__note" /> : null}
      <div className="book-meeting__footer">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('reschedule.save')}
        </Button>
      </div>
    </Form>
  );
};
