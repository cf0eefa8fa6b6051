import { MailOutlined, RollbackOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { awaitsYourReply, shownReplyStatus } from '@shared/conversation-turn';
import type { ConversationEmail } from '@shared/schemas/conversations';
import { useApiClient } from '@/lib/http/useApiClient';
import { useNow } from '@/lib/useNow';
import { formatRecentTime } from '@/lib/formatDate';
import { useToast } from '@/ui/toast/useToast';
import { checkReplies } from '../api/conversationsApi';
import { useContactConversations } from '../hooks/useContactConversations';
import { replyStatusLabels } from '@shared/conversation-turn';
import { type ConversationWithEmails, emailKindLabels, sender } from '../utils/conversationLabels';
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
  /** answers a received message (absent on the user's own e-mails) */
  onReply?: (() => void) | undefined;
};

const ThreadEmail = ({ email, now, onReply }: ThreadEmailProps) => {
  const label = emailKindLabels[email.kind];
  return (
    <article
      className={`thread-email thread-email--${email.kind}`}
      data-testid="thread-email"
      data-kind={email.kind}
      aria-label={`${label ?? 'Sent'} from ${email.fromName ?? email.from}`}
    >
      <header className="thread-email__head">
        <div className="thread-email__who">
          <Typography.Text strong ellipsis>
            {email.kind === 'sent' ? `You (${email.from})` : sender(email.fromName, email.from)}
          </Typography.Text>
          <Typography.Text type="secondary" className="thread-email__to" ellipsis>
            to {email.to}
          </Typography.Text>
        </div>
        <div className="thread-email__meta">
          {label ? <Tag color={kindColors[email.kind]}>{label}</Tag> : null}
          <Tooltip title={new Date(email.at).toLocaleString()}>
            <Typography.Text type="secondary" className="thread-email__when">
              {formatRecentTime(email.at, now)}
            </Typography.Text>
          </Tooltip>
        </div>
      </header>
      <Typography.Text className="thread-email__subject">{email.subject || '(no subject)'}</Typography.Text>
      <Typography.Paragraph className="thread-email__body" ellipsis={{ rows: 6, expandable: true, symbol: 'more' }}>
        {email.body}
      </Typography.Paragraph>
      {onReply ? (
        <div className="thread-email__actions">
          <Button
            size="small"
            icon={<RollbackOutlined />}
            onClick={onReply}
            aria-label={`Reply to ${email.fromName ?? email.from}`}
          >
            Reply
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
  return latest ? (latest.fromName ?? latest.from) : 'the contact';
};

export const ConversationThread = ({ contactId, startReply = false }: ConversationThreadProps) => {
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
      const failure = results.find((result) => result.error)?.error;
      if (failure) toast.error(failure);
      else if (results.some((result) => result.hasReply && result.updated)) toast.success('A new reply arrived');
      else toast.info('No new replies');
      await mutate();
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setChecking(false);
    }
  };

  const sent = conversations?.some((conversation) => conversation.emails.length > 0) ?? false;
  return (
    <section aria-label="Conversation" className="thread" data-testid="conversation-thread">
      <div className="thread__head">
        <Typography.Text type="secondary" className="thread__title">
          Conversation
        </Typography.Text>
        {sent ? (
          <Button size="small" icon={<SyncOutlined />} loading={checking} onClick={() => void handleCheck()}>
            Check for replies
          </Button>
        ) : null}
      </div>
      {error ? (
        <Alert type="error" showIcon title="The conversation could not be loaded" description={error.message} />
      ) : null}
      {isLoading && !conversations ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {conversations && !sent ? (
        <div className="thread__empty" data-testid="thread-empty">
          <MailOutlined className="thread__empty-icon" />
          <Typography.Text type="secondary">
            Nothing sent yet. E-mails you send to this contact, and their replies, appear here.
          </Typography.Text>
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
                <Tag color={statusColors[status]}>{replyStatusLabels[status]}</Tag>
              </div>
              {conversation.emails.map((email) => (
                <ThreadEmail
                  key={email.id}
                  email={email}
                  now={now}
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
