import type { Meeting } from '@shared/schemas/meetings';
import { Alert, Button, Checkbox, Form, Input, Modal, Skeleton } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useSettings } from '@/modules/settings/hooks/useSettings';
import { useContactTimeZone } from '../hooks/useContactTimeZone';
import { useMeetingActions } from '../hooks/useMeetingActions';
import { meetingsMessages as text } from '../meetingsMessages';
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
export const BookMeetingModal = ({ open, contact, onClose, onBooked }: BookMeetingModalProps) => (
  <Modal
    open={open}
    onCancel={onClose}
    title={contact ? text.bookMeetingWith(contact.name) : text.bookMeeting}
    footer={null}
    destroyOnHidden
    width={560}
  >
    {/* a fresh form each time it opens (destroyOnHidden unmounts it when closed) */}
    <BookMeetingBody contact={contact} onClose={onClose} onBooked={onBooked} />
  </Modal>
);

const BookMeetingBody = ({ contact, onClose, onBooked }: Omit<BookMeetingModalProps, 'open'>) => {
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

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;

  if (booked)
    return (
      <div className="book-meeting__result" data-testid="meeting-booked">
        <Alert type="success" showIcon title={text.booked} />
        <MeetingSummary meeting={booked} timeZone={timeZone} zoomErrorAs="alert" />
        <div className="book-meeting__footer">
          <Button type="primary" onClick={onClose}>
            {text.done}
          </Button>
        </div>
      </div>
    );

  const handlePicked = (_id: string, chosen: PickedContact) => {
    setPicked(chosen);
    if (!titleEdited) form.setFieldValue('title', text.defaultTitle(chosen.name));
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
        title: contact ? text.defaultTitle(contact.name) : '',
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
        <Form.Item name="contactId" label={text.contact} rules={[{ required: true, message: text.contactRequired }]}>
          <ContactPicker onChange={handlePicked} />
        </Form.Item>
      )}
      <Form.Item
        name="title"
        label={text.meetingTitle}
        rules={[
          { required: true, whitespace: true, message: text.titleRequired },
          { max: 200, message: 'At most 200 characters' },
        ]}
      >
        <Input maxLength={200} onChange={() => setTitleEdited(true)} />
      </Form.Item>
      <MeetingTimeFields timeZone={timeZone} language={language} contact={contactClock} />
      <Form.Item name="notes" label={text.notes}>
        <TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={10_000} placeholder={text.notesPlaceholder} />
      </Form.Item>
      <Form.Item name="sendInvitation" valuePropName="checked" extra={text.sendInvitationHint}>
        <Checkbox>{text.sendInvitation}</Checkbox>
      </Form.Item>
      <ZoomLinkNote />
      {failure ? <Alert type="error" showIcon title={text.bookFailed} description={failure} /> : null}
      <div className="book-meeting__footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {text.confirmBooking}
        </Button>
      </div>
    </Form>
  );
};
