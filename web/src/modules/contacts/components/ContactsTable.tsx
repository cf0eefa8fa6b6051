import { shownReplyStatus } from '@shared/conversation-turn';
import { Button, Table, type TableColumnsType, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Tag } from '@/ui/Tag';
import { Text } from '@/ui/text/Text';
import { useEffect, useState, type Key, type UIEvent } from 'react';
import type { Contact } from '../api/contactMapping';
import {
  conversationStatusLabel,
  emailStatusLabel,
  formatDate,
  relationshipColors,
  relationshipLabel,
} from '../utils/contactLabels';
import { ContactAvatar } from './ContactAvatar';
import { EmailTag } from './EmailTag';
import './contacts.css';

export type ContactsTableProps = {
  contacts: Contact[];
  total: number;
  loading: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  selectedIds: string[];
  onSelectionChange: (ids: string[]) => void;
  onOpen: (contact: Contact) => void;
  /** a search or a filter is on: an empty table says that nothing matches it */
  filtered?: boolean;
};

/** Rows fetched ahead of the viewport: the next page is asked for this many pixels before the end. */
const loadAheadPx = 600;
/** the table's height: what the window leaves under the page header and toolbar, never under 360 px */
const measureTableHeight = () => Math.max(360, Math.round(window.innerHeight - 450));
const useTableHeight = () => {
  const measure = measureTableHeight;
  const [height, setHeight] = useState(measure);
  useEffect(() => {
    const handleResize = () => setHeight(measure());
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, []);
  return height;
};

const selectionWidth = 48;

const columnsOf = (t: TFunction<'contacts'>, onOpen?: (contact: Contact) => void): TableColumnsType<Contact> => [
  {
    key: 'person',
    title: t('table.contact'),
    width: 290,
    // the table scrolls sideways inside its card on a narrow window; who the row is stays in sight
    fixed: 'left',
    render: (_, contact) => (
      <div className="contacts-table__person">
        <ContactAvatar name={contact.name} avatarUrl={contact.avatarUrl} />
        <div className="contacts-table__who">
          {/* the row opens on a click anywhere; the name is the button that opens it from the keyboard too */}
          <button type="button" className="contacts-table__open" onClick={() => onOpen?.(contact)}>
            <Text strong ellipsis className="contacts-table__name" data-testid="contact-name">
              {contact.name || t('unnamedContact')}
            </Text>
          </button>
          <Text type="secondary" ellipsis className="contacts-table__role">
            {[contact.jobTitle || contact.currentRole, contact.company].filter(Boolean).join(' · ') || '—'}
          </Text>
        </div>
      </div>
    ),
  },
  {
    key: 'email',
    title: t('table.email'),
    width: 250,
    render: (_, contact) => (
      <div className="contacts-table__email">
        {contact.email ? (
          <Text ellipsis className="contacts-table__address" data-testid="contact-email">
            {contact.email}
          </Text>
        ) : null}
        <EmailTag contact={contact} />
      </div>
    ),
  },
  {
    key: 'emailStatus',
    title: t('table.emailStatus'),
    width: 105,
    // the contact's current e-mail (SPEC §3 emailSubject/emailBody on list rows): its subject, the start of it on hover
    render: (_, contact) => (
      <div className="contacts-email-status">
        <Text className="contacts-text--small">{emailStatusLabel(contact)}</Text>
        {contact.emailSubject ? (
          <Tooltip title={emailPreview(contact)}>
            <Text type="secondary" className="contacts-text--small" ellipsis data-testid="row-email-subject">
              {contact.emailSubject}
            </Text>
          </Tooltip>
        ) : null}
      </div>
    ),
  },
  {
    key: 'conversation',
    title: t('table.conversation'),
    width: 110,
    render: (_, contact) => (
      <Text
        type={contact.conversationStatus ? undefined : 'secondary'}
        className="contacts-text--small"
        data-testid="contact-conversation"
      >
        {conversationStatusLabel(
          shownReplyStatus({
            replyStatus: contact.conversationStatus,
            lastReplyAt: contact.lastReplyAt,
            lastSentAt: contact.lastEmailSentAt,
          }),
        )}
      </Text>
    ),
  },
  {
    key: 'relationship',
    title: t('table.relationship'),
    width: 140,
    render: (_, contact) => (
      <Tag color={relationshipColors[contact.relationshipStatus]} data-testid="contact-relationship">
        {relationshipLabel(contact.relationshipStatus)}
      </Tag>
    ),
  },
  {
    key: 'lastUpdated',
    title: t('table.lastUpdated'),
    width: 120,
    render: (_, contact) => <Text className="contacts-text--small">{formatDate(contact.lastUpdated)}</Text>,
  },
];

const tableWidth = columnsOf(((key: string) => key) as TFunction<'contacts'>).reduce(
  (sum, column) => sum + Number(column.width ?? 0),
  selectionWidth,
);

/**
 * The contacts, virtualised (`virtual` with a fixed height) so thousands of rows scroll smoothly; the next server page
 * is fetched as the end comes near, or with 'Load more'.
 */
export const ContactsTable = ({
  contacts,
  total,
  loading,
  hasMore,
  isLoadingMore,
  onLoadMore,
  selectedIds,
  onSelectionChange,
  onOpen,
  filtered = false,
}: ContactsTableProps) => {
  const { t } = useTranslation('contacts');
  const tableHeight = useTableHeight();
  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget as HTMLElement | null;
    if (!target || !hasMore || isLoadingMore) return;
    if (target.scrollHeight - target.scrollTop - target.clientHeight < loadAheadPx) onLoadMore();
  };

  return (
    <div data-testid="contacts-table" className="contacts-table">
      <Table<Contact>
        virtual
        rowKey="id"
        size="middle"
        columns={columnsOf(t, onOpen)}
        dataSource={contacts}
        loading={loading}
        // what an empty table says, in the product's words (not antd's 'No data')
        locale={{ emptyText: filtered ? t('table.noMatch') : t('table.noContacts') }}
        pagination={false}
        scroll={{ x: tableWidth, y: tableHeight }}
        onScroll={handleScroll}
        rowSelection={{
          selectedRowKeys: selectedIds,
          onChange: (keys: Key[]) => onSelectionChange(keys.map(String)),
          columnWidth: selectionWidth,
          fixed: true,
        }}
        onRow={(contact) => ({
          onClick: (event) => {
            // the checkbox cell selects; the name's button opens the drawer itself, the rest of the row does it here
            if ((event.target as HTMLElement).closest('.ant-table-selection-column, .contacts-table__open')) return;
            onOpen(contact);
          },
          className: 'contacts-table__row',
          'data-testid': 'contact-row',
        })}
      />
      <div className="contacts-table__footer">
        <Text type="secondary" data-testid="contacts-count">
          {t('table.showing', { count: total, shown: contacts.length, total })}
        </Text>
        {hasMore ? (
          <Button size="small" onClick={onLoadMore} loading={isLoadingMore}>
            {t('table.loadMore')}
          </Button>
        ) : null}
      </div>
    </div>
  );
};

/** The subject and the first lines of the contact's current e-mail, as the row's tooltip shows them. */
const emailPreview = (contact: Pick<Contact, 'emailSubject' | 'emailBody'>) => {
  const start = contact.emailBody.replace(/\s+/g, ' ').trim();
  return start
    ? `${contact.emailSubject} — ${start.length > 200 ? `${start.slice(0, 200)}…` : start}`
    : contact.emailSubject;
};
