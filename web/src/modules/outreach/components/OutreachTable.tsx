import { ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { answeredByYou, awaitsYourReply } from '@shared/conversation-turn';
import { Button, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import { ContactAvatar } from '@/modules/contacts/components/ContactAvatar';
import { useNow } from '@/lib/useNow';
import { useTranslation } from 'react-i18next';
import type { OutreachRow } from '../api/outreachApi';
import type { GenerationEntry } from '../state/generationState';
import { type RowStateKind, type RowTurn, rowState } from '../utils/rowState';
import './outreach.css';

export type OutreachTableProps = {
  rows: readonly OutreachRow[];
  generation: Readonly<Record<string, Readonly<GenerationEntry>>>;
  selectedIds: readonly string[];
  onSelect: (ids: string[]) => void;
  onOpen: (contactId: string) => void;
  /** answers a contact who replied: their conversation with the reply composer open (DESIGN §9) */
  onReply: (contactId: string) => void;
  /** writes the contact's e-mail again after its generation failed */
  onRetry: (contactId: string) => void;
  /** sends the contact's primary draft again after its send failed */
  onRetrySend: (row: OutreachRow) => void;
  /** the contact whose send is being retried */
  retryingSend: string | null;
  loading: boolean;
};

const stateColors: Record<RowStateKind, string> = {
  queued: 'default',
  generating: 'processing',
  error: 'error',
  ready: 'success',
  blocked: 'warning',
  sending: 'processing',
  sendQueued: 'warning',
  scheduled: 'purple',
  sent: 'blue',
  replied: 'success',
  sendFailed: 'error',
  archived: 'default',
  none: 'default',
};

/** Where the contact's conversation stands once the e-mail went (shared/conversation-turn.ts). */
const turnOf = ({ contact, primaryDraft }: OutreachRow): RowTurn => {
  if (primaryDraft?.status !== 'sent') return null;
  const fields = {
    replyStatus: contact.conversationStatus,
    lastReplyAt: contact.lastReplyAt,
    lastSentAt: contact.lastEmailSentAt,
  };
  if (awaitsYourReply(fields)) return { kind: 'yours' };
  return answeredByYou(fields) ? { kind: 'answered', at: contact.lastEmailSentAt } : null;
};

/** A contact who answered the e-mail sent, and is owed the person's answer: the row leads to the reply. */
const hasReplied = (row: OutreachRow) => turnOf(row)?.kind === 'yours';

/** The columns' widths with a draft column of 300 px: narrower, the table scrolls inside the page. */
const minTableWidth = 980;

/** The contacts with their primary draft and its state; select many to write for them, open one to edit. */
export const OutreachTable = ({
  rows,
  generation,
  selectedIds,
  onSelect,
  onOpen,
  onReply,
  onRetry,
  onRetrySend,
  retryingSend,
  loading,
}: OutreachTableProps) => {
  const { t } = useTranslation('outreach');
  // 'Sent 5m ago' stays true while the page is open (a render every 30 s), read at render: rows arrive after mount
  useNow();
  const now = Date.now();
  const columns: TableColumnsType<OutreachRow> = [
    {
      key: 'contact',
      title: t('table.contact'),
      width: 280,
      // the table scrolls sideways inside the page on a narrow window; who the row is stays in sight
      fixed: 'left',
      render: (_, { contact }) => (
        <div className="outreach-contact">
          <ContactAvatar name={contact.name} avatarUrl={contact.avatarUrl} />
          <div className="outreach-contact__text">
            <Typography.Text strong ellipsis data-testid="outreach-contact-name">
              {contact.name || t('unnamedContact')}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {contact.email ||
                (contact.jobTitle && contact.company
                  ? t('table.jobAtCompany', { jobTitle: contact.jobTitle, company: contact.company })
                  : contact.jobTitle || contact.company) ||
                t('table.noAddressYet')}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'draft',
      title: t('table.primaryDraft'),
      render: (_, { primaryDraft }) =>
        primaryDraft ? (
          <div className="outreach-draft-cell" data-testid="draft-cell">
            <Typography.Text ellipsis>{primaryDraft.subject || t('noSubject')}</Typography.Text>
            <Typography.Paragraph type="secondary" className="outreach-draft-cell__body" ellipsis={{ rows: 1 }}>
              {primaryDraft.body}
            </Typography.Paragraph>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('table.noDraftYet')}</Typography.Text>
        ),
    },
    {
      key: 'state',
      title: t('table.state'),
      width: 250,
      render: (_, row) => {
        const { contact, primaryDraft } = row;
        const state = rowState(generation[contact.id], primaryDraft, now, contact, turnOf(row));
        const tag = (
          <Tag color={stateColors[state.kind]} className="outreach-state__tag">
            {state.kind === 'sendFailed' ? t('state.failed') : state.label}
          </Tag>
        );
        return (
          <div className="outreach-state" data-testid="row-state">
            <div className="outreach-state__text">
              {state.kind === 'error' ? <Tooltip title={state.error}>{tag}</Tooltip> : tag}
              {state.detail ? (
                <Typography.Text
                  type={state.kind === 'sendFailed' ? 'danger' : 'secondary'}
                  className="outreach-state__detail"
                  ellipsis={{ tooltip: state.detail }}
                  data-testid="row-state-detail"
                >
                  {state.detail}
                </Typography.Text>
              ) : null}
            </div>
            {state.kind === 'sendFailed' ? (
              <Button
                size="small"
                icon={<ReloadOutlined />}
                loading={retryingSend === contact.id}
                onClick={(event) => {
                  event.stopPropagation();
                  onRetrySend(row);
                }}
              >
                {t('retry')}
              </Button>
            ) : null}
            {state.kind === 'error' ? (
              <Button
                size="small"
                icon={<ReloadOutlined />}
                onClick={(event) => {
                  event.stopPropagation();
                  onRetry(contact.id);
                }}
              >
                {t('retry')}
              </Button>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'open',
      title: '',
      width: 110,
      // and what to do with it
      fixed: 'right',
      render: (_, row) =>
        hasReplied(row) ? (
          <Button
            size="small"
            type="primary"
            icon={<RollbackOutlined />}
            aria-label={t('table.replyTo', { name: row.contact.name || t('thisContact') })}
            onClick={(event) => {
              event.stopPropagation();
              onReply(row.contact.id);
            }}
          >
            {t('table.reply')}
          </Button>
        ) : (
          <Button
            size="small"
            onClick={(event) => {
              event.stopPropagation();
              onOpen(row.contact.id);
            }}
          >
            {row.primaryDraft ? t('table.editDraft') : t('table.open')}
          </Button>
        ),
    },
  ];

  return (
    <Table<OutreachRow>
      // the columns' widths hold whatever a state says (a queued send's reason is cut, its tooltip has it all)
      tableLayout="fixed"
      // the draft column takes what the others leave, never less than ~300 px: under that the table scrolls
      scroll={{ x: minTableWidth }}
      rowKey={(row) => row.contact.id}
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      rowSelection={{
        selectedRowKeys: [...selectedIds],
        onChange: (keys) => onSelect(keys.map(String)),
        fixed: true,
      }}
      onRow={(row) => ({
        onClick: (event) => {
          // the checkbox cell selects; the rest of the row opens the editor
          if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
          onOpen(row.contact.id);
        },
        'data-testid': 'outreach-row',
      })}
      data-testid="outreach-table"
    />
  );
};
