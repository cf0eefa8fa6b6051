import type { Meeting } from '@shared/schemas/meetings';
import { Alert, Button, Checkbox, Form, Input, Modal, Skeleton } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactDetail } from '@/modules/contacts/hooks/useContactDetail';
import { useSettings } from '@/modules/settings/hooks/useSettings';
import { useContactTimeZone } from '../hooks/useContactTimeZone';
import { useMeetingActions } from '../hooks/useMeetingActions';
import { invitationBlock } from '../utils/invitationAddress';
import { instantOfPicked, pickerValueAt, suggestedStart } from '../utils/pickerTime';
import { ContactPicker, type PickedContact } from './ContactPicker';
import { MeetingSummary } from './MeetingSummary';
import { MeetingTimeFields, type MeetingTimeValues } from './MeetingTimeFields';
import { ZoomLinkNote } from './ZoomLinkNote';
import './meetings.css';

export type BookMeetingModalProps = {
  open: boolean;
  /** the contact it is booked with (from a contact, a pipeline card, a notification); null: picked in the form */
  contact: PickedContact | null;
  onClose: () => void;
  onBooked?: (meeting: Meeting) => void;
};

type BookingValues = MeetingTimeValues & {
  contactId: string;
  title: string;
  notes?: string;
  sendInvitation: boolean;
};

const formId = 'book-meeting-form';

/**
 * Books a meeting with a contact (DESIGN §8): title ('Meeting with {name}'), start in the user's time zone, length
 * (settings `meetingDuration`), notes and whether the contact gets a calendar invitation. It says beforehand whether
 * Zoom will add a link, and afterwards shows the join link, or why there is none (the meeting is kept), and where the
 * invitation stands.
 */
export const BookMeetingModal = ({ open, contact, onClose, onBooked }: BookMeetingModalProps) => {
  const { t } = useTranslation('meetings');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={contact ? t('book.buttonWith', { name: contact.name }) : t('book.button')}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {/* a fresh form each time it opens (destroyOnHidden unmounts it when closed) */}
      <BookMeetingBody contact={contact} onClose={onClose} onBooked={onBooked} />
    </Modal>
  );
};

const BookMeetingBody = ({ contact, onClose, onBooked }: Omit<BookMeetingModalProps, 'open'>) => {
  const { t } = useTranslation('meetings');
  const { settings, isLoading } = useSettings();
  const { book } = useMeetingActions();
  const [form] = Form.useForm<BookingValues>();
  const [titleEdited, setTitleEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<Meeting | null>(null);
  // the contact picked in the form (from the page) or given; their name comes with the pick
  const [picked, setPicked] = useState<PickedContact | null>(contact);
  const contactClock = useContactTimeZone(picked?.id, picked?.name ?? '');
  const { timeZone, language } = settings;
  // the contact's address as it is now: an invitation goes only to one every e-mail may go to
  const { data: detail } = useContactDetail(picked?.id ?? null);
  const blocked = detail ? invitationBlock(detail.contact) : null;
  const blockedReason = blocked?.reason ?? null;
  useEffect(() => {
    if (blockedReason) form.setFieldValue('sendInvitation', false);
  }, [blockedReason, form]);

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;

  if (booked)
    return (
      <div className="book-meeting__result" data-testid="meeting-booked">
        <Alert type="success" showIcon title={t('book.booked')} />
        <MeetingSummary meeting={booked} timeZone={timeZone} zoomErrorAs="alert" />
        <div className="book-meeting__footer">
          <Button type="primary" onClick={onClose}>
            {t('book.done')}
          </Button>
        </div>
      </div>
    );

  const handlePicked = (_id: string, chosen: PickedContact) => {
    setPicked(chosen);
    if (!titleEdited) form.setFieldValue('title', t('book.defaultTitle', { name: chosen.name }));
  };

  const handleFinish = async (values: BookingValues) => {
    if (!values.start || values.durationMinutes === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const meeting = await book({
        contactId: values.contactId,
        title: values.title.trim(),
        startTime: instantOfPicked(values.start, timeZone).toISOString(),
        durationMinutes: values.durationMinutes,
        timeZone,
        ...(values.notes?.trim() ? { notes: values.notes.trim() } : {}),
        sendInvitation: values.sendInvitation,
      });
      setBooked(meeting);
      onBooked?.(meeting);
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<BookingValues>
      form={form}
      id={formId}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void handleFinish(values)}
      initialValues={{
        contactId: contact?.id,
        title: contact ? t('book.defaultTitle', { name: contact.name }) : '',
        start: pickerValueAt(suggestedStart(Date.now()), timeZone),
        durationMinutes: settings.meetingDuration,
        notes: '',
        sendInvitation: true,
      }}
      className="book-meeting"
    >
      {contact ? (
        <Form.Item name="contactId" hidden>
          <Input />
        </Form.Item>
      ) : (
        <Form.Item
          name="contactId"
          label={t('book.contact')}
          rules={[{ required: true, message: t('book.contactRequired') }]}
        >
          <ContactPicker onChange={handlePicked} />
        </Form.Item>
      )}
      <Form.Item
        name="title"
        label={t('book.title')}
        rules={[
          { required: true, whitespace: true, message: t('book.titleRequired') },
          { max: 200, message: t('book.titleTooLong') },
        ]}
      >
        <Input maxLength={200} onChange={() => setTitleEdited(true)} />
      </Form.Item>
      <MeetingTimeFields timeZone={timeZone} language={language} contact={contactClock} />
      <Form.Item name="notes" label={t('book.notes')}>
        <TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={10_000} placeholder={t('book.notesPlaceholder')} />
      </Form.Item>
      <Form.Item name="sendInvitation" valuePropName="checked" extra={blocked ? null : t('book.sendInvitationHint')}>
        <Checkbox disabled={Boolean(blocked)}>{t('book.sendInvitation')}</Checkbox>
      </Form.Item>
      {blocked ? (
        <Alert
          type="warning"
          showIcon
          title={blocked.title}
          description={blocked.description}
          className="book-meeting__invitation-block"
          data-testid="invitation-blocked"
        />
      ) : null}
      <ZoomLinkNote />
      {failure ? <Alert type="error" showIcon title={t('book.failed')} description={failure} /> : null}
      <div className="book-meeting__footer">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('book.confirm')}
        </Button>
      </div>
    </Form>
  );
};
