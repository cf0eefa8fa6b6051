import { CheckOutlined, DeleteOutlined, FieldTimeOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import type { Meeting } from '@shared/schemas/meetings';
import { Button, Card, Popconfirm, Typography } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasStarted, isInProgress } from '../utils/meetingLabels';
import { MeetingSummary } from './MeetingSummary';

export type MeetingAction = 'reschedule' | 'cancel' | 'done' | 'notes' | 'zoom';

export type MeetingCardProps = {
  meeting: Meeting;
  timeZone: string;
  now: number;
  /** whether Zoom is connected (a meeting without a link can get one) */
  zoomConnected: boolean;
  /** the action under way on this meeting, if any */
  busy: MeetingAction | null;
  onReschedule: (meeting: Meeting) => void;
  onCancel: (meeting: Meeting) => void;
  onMarkDone: (meeting: Meeting) => void;
  /** stores the notes; rejects when they were not stored (the draft stays) */
  onSaveNotes: (meeting: Meeting, notes: string) => Promise<void>;
  onAddZoomLink: (meeting: Meeting) => void;
};

/**
 * One meeting on the page: what it is (MeetingSummary), what can be done with it while scheduled (reschedule, cancel,
 * mark done once it has begun, add the missing Zoom link), and its notes, kept with the meeting.
 */
export const MeetingCard = ({
  meeting,
  timeZone,
  now,
  zoomConnected,
  busy,
  onReschedule,
  onCancel,
  onMarkDone,
  onSaveNotes,
  onAddZoomLink,
}: MeetingCardProps) => {
  const { t } = useTranslation('meetings');
  // the notes being edited; null: none, the meeting's own are shown (and follow the server's)
  const [draft, setDraft] = useState<string | null>(null);
  const notes = draft ?? meeting.notes;
  const handleSaveNotes = async () => {
    try {
      await onSaveNotes(meeting, notes);
      setDraft(null);
    } catch {
      // kept for another try; the page said why
    }
  };
  const scheduled = meeting.status === 'scheduled';
  // per card: a meeting can show twice (its list and the calendar's drawer)
  const titleId = useId();
  return (
    <Card
      size="small"
      className={`meeting-card meeting-card--${meeting.status}`}
      data-testid={`meeting-${meeting.id}`}
      role="article"
      aria-labelledby={titleId}
    >
      {isInProgress(meeting, now) ? (
        <Typography.Text type="success" className="meeting-card__now">
          {t('meeting.inProgress')}
        </Typography.Text>
      ) : null}
      <MeetingSummary meeting={meeting} timeZone={timeZone} titleId={titleId} />
      {scheduled ? (
        <div className="meeting-card__actions">
          {hasStarted(meeting, now) ? (
            <Button icon={<CheckOutlined />} onClick={() => onMarkDone(meeting)} loading={busy === 'done'}>
              {t('meeting.markDone')}
            </Button>
          ) : (
            <Button icon={<FieldTimeOutlined />} onClick={() => onReschedule(meeting)}>
              {t('meeting.reschedule')}
            </Button>
          )}
          {!meeting.zoomJoinUrl && zoomConnected ? (
            <Button icon={<VideoCameraAddOutlined />} onClick={() => onAddZoomLink(meeting)} loading={busy === 'zoom'}>
              {t('meeting.addZoomLink')}
            </Button>
          ) : null}
          <Popconfirm
            title={t('meeting.cancelConfirmTitle')}
            description={t('meeting.cancelConfirmDescription')}
            okText={t('meeting.cancelConfirmOk')}
            cancelText={t('meeting.cancelConfirmKeep')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onCancel(meeting)}
          >
            <Button danger icon={<DeleteOutlined />} loading={busy === 'cancel'}>
              {t('meeting.cancel')}
            </Button>
          </Popconfirm>
        </div>
      ) : null}
      {meeting.status === 'cancelled' ? (
        meeting.notes ? (
          <Typography.Paragraph type="secondary" className="meeting-card__notes-text">
            {meeting.notes}
          </Typography.Paragraph>
        ) : null
      ) : (
        <div className="meeting-card__notes">
          <TextArea
            value={notes}
            onChange={(event) => setDraft(event.target.value)}
            autoSize={{ minRows: 1, maxRows: 8 }}
            maxLength={10_000}
            placeholder={t('meeting.notesPlaceholder')}
            aria-label={t('meeting.notesLabel', { title: meeting.title })}
          />
          <Button onClick={() => void handleSaveNotes()} disabled={notes === meeting.notes} loading={busy === 'notes'}>
            {t('meeting.saveNotes')}
          </Button>
        </div>
      )}
    </Card>
  );
};
