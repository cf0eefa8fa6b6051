import { MailOutlined, RollbackOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Skeleton, Tooltip, Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { awaitsYourReply, shownReplyStatus } from '@shared/conversation-turn';
import { type ConversationEmail, type ReplyClassification, replyClassifications } from '@shared/schemas/conversations';
import { useApiClient } from '@/lib/http/useApiClient';
import { useNow } from '@/lib/useNow';
import { formatDateTime, formatDay, formatRecentTime } from '@/lib/formatDate';
import { useToast } from '@/ui/toast/useToast';
import { raiseWindowEvent } from '@/lib/windowEvents';
import { checkReplies, correctLabel } from '../api/conversationsApi';
import { useContactConversations } from '../hooks/useContactConversations';
import {
  type ConversationWithEmails,
  classificationColors,
  classificationLabel,
  emailKindLabel,
  replyStatusLabel,
  sender,
} from '../utils/conversationLabels';
import { i18n } from '@/i18n';
import { ReplyComposer } from './ReplyComposer';
import './conversations.css';

export type ConversationThreadProps = {
  contactId: string;
  /** opens the reply to the contact's latest message (a notification's, a card's or a task's Reply) */
  startReply?: boolean;
};

const statusColors = {
  awaiting_reply: 'processing',
  REPLY_RECEIVED: 'success',
  auto_reply: 'default',
  bounced: 'error',
  closed: 'default',
} as const;

const kindColors = { sent: 'default', reply: 'success', auto_reply: 'gold', bounce: 'error' } as const;

type ThreadEmailProps = {
  email: ConversationEmail;
  now: number;
  /** corrects a received e-mail's label (DESIGN §9 'Triage') */
  onCorrect: (classification: ReplyClassification) => Promise<void>;
  /** answers a received message (absent on the user's own e-mails) */
  onReply?: (() => void) | undefined;
};

/** A received e-mail's label, its return date, and the choice that corrects it. */
const TriageLabel = ({ email, onCorrect }: Pick<ThreadEmailProps, 'email' | 'onCorrect'>) => {
  const { t, i18n } = useTranslation('conversations');
  const [saving, setSaving] = useState(false);
  if (!email.classification) return null;
  return (
    <div className="thread-email__triage" data-testid="triage-label" data-classification={email.classification}>
      <Tag color={classificationColors[email.classification]}>
        {classificationLabel(email.classification)}
        {email.returnDate ? ` · ${t('triage.back', { date: formatDay(email.returnDate, i18n.language) })}` : ''}
      </Tag>
      <Select<ReplyClassification>
        size="small"
        className="thread-email__triage-select"
        aria-label={t('triage.correct', { from: email.fromName ?? email.from })}
        value={email.classification}
        loading={saving}
        disabled={saving}
        popupMatchSelectWidth={false}
        options={replyClassifications.map((value) => ({ value, label: classificationLabel(value) }))}
        onChange={(value) => {
          setSaving(true);
          void onCorrect(value).finally(() => setSaving(false));
        }}
      />
    </div>
  );
};

const ThreadEmail = ({ email, now, onReply, onCorrect }: ThreadEmailProps) => {
  const { t } = useTranslation('conversations');
  const label = emailKindLabel(email.kind);
  return (
    <article
      className={`thread-email thread-email--${email.kind}`}
      data-testid="thread-email"
      data-kind={email.kind}
      aria-label={t('email.label', { kind: label ?? t('email.sent'), from: email.fromName ?? email.from })}
    >
      <header className="thread-email__head">
        <div className="thread-email__who">
          <Typography.Text strong ellipsis>
            {email.kind === 'sent' ? t('email.you', { address: email.from }) : sender(email.fromName, email.from)}
          </Typography.Text>
          <Typography.Text type="secondary" className="thread-email__to" ellipsis>
            {t('email.to', { address: email.to })}
          </Typography.Text>
        </div>
        <div className="thread-email__meta">
          {label ? <Tag color={kindColors[email.kind]}>{label}</Tag> : null}
          <Tooltip title={formatDateTime(email.at, i18n.language)}>
            <Typography.Text type="secondary" className="thread-email__when">
              {formatRecentTime(email.at, i18n.language, now)}
            </Typography.Text>
          </Tooltip>
        </div>
      </header>
      {email.kind !== 'sent' ? <TriageLabel email={email} onCorrect={onCorrect} /> : null}
      <Typography.Text className="thread-email__subject">{email.subject || t('noSubject')}</Typography.Text>
      <Typography.Paragraph
        className="thread-email__body"
        ellipsis={{ rows: 6, expandable: true, symbol: t('email.more') }}
      >
        {email.body}
      </Typography.Paragraph>
      {onReply ? (
        <div className="thread-email__actions">
          <Button
            size="small"
            icon={<RollbackOutlined />}
            onClick={onReply}
            aria-label={t('replyTo', { name: email.fromName ?? email.from })}
          >
            {t('reply')}
          </Button>
        </div>
      ) : null}
    </article>
  );
};

/**
 * The contact drawer's 'Conversation' section: every e-mail sent to the contact and every answer, oldest first per
 * conversation (DESIGN §8); replies stand out, auto-replies and bounces are labelled; live as replies arrive.
 */
/** The conversation whose latest message is the contact's newest answer: the one a Reply from elsewhere opens. */
/** The conversation's turn fields (shared/conversation-turn.ts). */
const turnFields = (conversation: ConversationWithEmails) => ({
  replyStatus: conversation.replyStatus,
  lastReplyAt: conversation.lastReplyDate,
  lastSentAt: conversation.lastEmailSentAt,
});

export const latestAnswered = (conversations: readonly ConversationWithEmails[] | undefined) =>
  (conversations ?? [])
    .filter((conversation) => awaitsYourReply(turnFields(conversation)))
    .flatMap((conversation) =>
      conversation.emails.filter((email) => email.kind === 'reply').map((email) => ({ conversation, at: email.at })),
    )
    .sort((a, b) => b.at.localeCompare(a.at))[0]?.conversation.id ?? null;

/** Who a reply in the conversation answers: the sender of its latest received message, by name when known. */
const answeredName = (conversation: ConversationWithEmails) => {
  const latest = conversation.emails.findLast((email) => email.kind === 'reply');
  return latest ? (latest.fromName ?? latest.from) : i18n.t('conversations:theContact');
};

export const ConversationThread = ({ contactId, startReply = false }: ConversationThreadProps) => {
  const { t } = useTranslation('conversations');
  const api = useApiClient();
  const toast = useToast();
  // re-rendered every 30 s so '5m ago' stays true; the time is read at render (the thread may be newer)
  useNow();
  const now = Date.now();
  const { data: conversations, error, isLoading, mutate } = useContactConversations(contactId);
  const [checking, setChecking] = useState(false);
  // the conversation being answered: undefined until the person chooses, so a Reply from elsewhere (`startReply`)
  // opens the latest answered one once the thread is read; null when closed
  const [replyingIn, setReplyingIn] = useState<string | null | undefined>(undefined);
  const composing = replyingIn === undefined ? (startReply ? latestAnswered(conversations) : null) : replyingIn;

  const handleCheck = async () => {
    setChecking(true);
    try {
      const { results } = await checkReplies(
        api,
        conversations?.map((conversation) => conversation.id),
      );
      // SPEC §4 'App events': the rest of this tab (pipeline, Outreach, dashboard) learns of the reply without waiting
      for (const result of results) {
        if (result.updated)
          raiseWindowEvent('conversation-updated', { conversationId: result.conversationId, contactId });
      }
      const failure = results.find((result) => result.error)?.error;
      if (failure) toast.error(failure);
      else if (results.some((result) => result.hasReply && result.updated)) toast.success(t('newReply'));
      else toast.info(t('noNewReplies'));
      await mutate();
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setChecking(false);
    }
  };

  const handleCorrect = async (conversationId: string, messageId: string, classification: ReplyClassification) => {
    try {
      await correctLabel(api, conversationId, messageId, classification);
      toast.success(t('triage.corrected'));
      // the pipeline card and the dashboard show the newest label too
      raiseWindowEvent('conversation-updated', { conversationId, contactId });
      await mutate();
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const sent = conversations?.some((conversation) => conversation.emails.length > 0) ?? false;
  return (
    <section aria-label={t('title')} className="thread" data-testid="conversation-thread">
      <div className="thread__head">
        <Typography.Text type="secondary" className="thread__title">
          {t('title')}
        </Typography.Text>
        {sent ? (
          <Button size="small" icon={<SyncOutlined />} loading={checking} onClick={() => void handleCheck()}>
            {t('check')}
          </Button>
        ) : null}
      </div>
      {error ? <Alert type="error" showIcon title={t('loadFailed')} description={error.message} /> : null}
      {isLoading && !conversations ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {conversations && !sent ? (
        <div className="thread__empty" data-testid="thread-empty">
          <MailOutlined className="thread__empty-icon" />
          <Typography.Text type="secondary">{t('empty')}</Typography.Text>
        </div>
      ) : null}
      {conversations
        ?.filter((conversation) => conversation.emails.length > 0)
        .map((conversation) => {
          // the contact's answers are replied to once: after the person's answer, the next is theirs to write
          const yours = awaitsYourReply(turnFields(conversation));
          const status = shownReplyStatus(turnFields(conversation));
          return (
            <div key={conversation.id} className="thread__conversation" data-testid="thread-conversation">
              <div className="thread__conversation-head">
                <Typography.Text strong ellipsis>
                  {conversation.subject}
                </Typography.Text>
                <Tag color={statusColors[status]}>{replyStatusLabel(status)}</Tag>
              </div>
              {conversation.emails.map((email) => (
                <ThreadEmail
                  key={email.id}
                  email={email}
                  now={now}
                  onCorrect={(classification) => handleCorrect(conversation.id, email.id, classification)}
                  onReply={email.kind === 'reply' && yours ? () => setReplyingIn(conversation.id) : undefined}
                />
              ))}
              {composing === conversation.id ? (
                <ReplyComposer
                  contactId={contactId}
                  conversation={conversation}
                  to={answeredName(conversation)}
                  onClose={() => setReplyingIn(null)}
                />
              ) : null}
            </div>
          );
        })}
    </section>
  );
};
