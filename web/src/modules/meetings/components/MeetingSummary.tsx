import { ClockCircleOutlined, MailOutlined, UserOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Meeting } from '@shared/schemas/meetings';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Tag } from '@/ui/Tag';
import { invitationLabel, rsvpOf, statusTagColors } from '../utils/meetingLabels';
import { formatMeetingTime, zoneLabel } from '../utils/zonedTime';

export type MeetingSummaryProps = {
  meeting: Meeting;
  /** the zone its time is shown in: the user's settings zone */
  timeZone: string;
  /** the title as a heading (a card's, whose id names the card) */
  titleId?: string;
  /** why it has no Zoom link: a warning box (right after booking) or a line like the others (the page's cards) */
  zoomErrorAs?: 'alert' | 'line';
};

/**
 * What a meeting is: title, contact, time in the user's zone and length, status, its Zoom join link or why it has
 * none (the server's `zoomError`), where its invitation stands and the contact's answer to it (Accepted, Tentative,
 * Declined).
 */
export const MeetingSummary = ({ meeting, timeZone, titleId, zoomErrorAs = 'line' }: MeetingSummaryProps) => {
  const { t, i18n } = useTranslation('meetings');
  const invitation = invitationLabel(meeting);
  const rsvp = rsvpOf(meeting);
  const live = meeting.status === 'scheduled';
  return (
    <div className="meeting-summary">
      <div className="meeting-summary__head">
        <Typography.Title level={3} className="meeting-summary__title" id={titleId}>
          {meeting.title}
        </Typography.Title>
        <Tag color={statusTagColors[meeting.status]} className="meeting-summary__status">
          {t(`meeting.status.${meeting.status}`)}
        </Tag>
      </div>
      <Typography.Text className="meeting-summary__line">
        <UserOutlined aria-hidden="true" />
        <span>
          {meeting.contactName}
          {meeting.contactCompany ? (
            <Typography.Text type="secondary"> · {meeting.contactCompany}</Typography.Text>
          ) : null}
        </span>
      </Typography.Text>
      <Typography.Text className="meeting-summary__line">
        <ClockCircleOutlined aria-hidden="true" />
        <span>
          <time dateTime={meeting.startTime}>
            {formatMeetingTime(meeting.startTime, meeting.durationMinutes, timeZone, i18n.language)}
          </time>{' '}
          <Typography.Text type="secondary">
            · {zoneLabel(timeZone, new Date(meeting.startTime))} ·{' '}
            {t('meeting.minutes', { count: meeting.durationMinutes })}
          </Typography.Text>
        </span>
      </Typography.Text>
      {meeting.zoomJoinUrl && live ? (
        <Typography.Text className="meeting-summary__line">
          <VideoCameraOutlined aria-hidden="true" />
          <Typography.Link
            href={meeting.zoomJoinUrl}
            target="_blank"
            rel="noreferrer"
            className="meeting-summary__join"
          >
            {t('meeting.joinZoom')}
          </Typography.Link>
          <Typography.Text type="secondary" copyable={{ text: meeting.zoomJoinUrl }} className="meeting-summary__url">
            {meeting.zoomJoinUrl}
          </Typography.Text>
        </Typography.Text>
      ) : null}
      {!meeting.zoomJoinUrl && meeting.zoomError && live ? (
        zoomErrorAs === 'alert' ? (
          <Alert type="warning" showIcon title={meeting.zoomError} />
        ) : (
          <Typography.Text className="meeting-summary__line">
            <VideoCameraOutlined aria-hidden="true" />
            <Typography.Text type="warning">{meeting.zoomError}</Typography.Text>
          </Typography.Text>
        )
      ) : null}
      <Typography.Text className="meeting-summary__line meeting-summary__line--tag" data-testid="meeting-invitation">
        <MailOutlined aria-hidden="true" />
        <Tag color={invitation.tone} className="meeting-summary__invitation">
          {invitation.label}
        </Tag>
        {rsvp ? (
          <Tag
            color={rsvp.tone}
            className="meeting-summary__rsvp"
            data-testid="meeting-rsvp"
            title={t('meeting.rsvpBy', { name: meeting.contactName })}
          >
            {t(`meeting.rsvp.${rsvp.answer}`)}
          </Tag>
        ) : null}
        {invitation.reason ? (
          <Typography.Text type="secondary" className="meeting-summary__reason">
            {invitation.reason}
          </Typography.Text>
        ) : null}
      </Typography.Text>
    </div>
  );
};
