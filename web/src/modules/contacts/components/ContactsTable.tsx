import { shownReplyStatus } from '@shared/conversation-turn';
import { Button, Table, type TableColumnsType } from 'antd';
import { Tag } from '@/ui/Tag';
import { Text } from '@/ui/text/Text';
import { useEffect, useState, type Key, type UIEvent } from 'react';
import type { Contact } from '../api/contactMapping';
import {
  conversationStatusLabel,
  emailStatusLabel,
  formatDate,
  relationshipColors,
  relationshipLabels,
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

/** What an empty table says, in the product's words (not antd's 'No data'). */
export const noMatchText = 'No contacts match this search or filter';
const noContactsText = 'No contacts';

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

const columns: TableColumnsType<Contact> = [
  {
    key: 'person',
    title: 'Contact',
    width: 290,
    // the table scrolls sideways inside its card on a narrow window; who the row is stays in sight
    fixed: 'left',
    render: (_, contact) => (
      <div className="contacts-table__person">
        <ContactAvatar name={contact.name} avatarUrl={contact.avatarUrl} />
        <div className="contacts-table__who">
          <Text strong ellipsis className="contacts-table__name" data-testid="contact-name">
            {contact.name || 'Unnamed contact'}
          </Text>
          <Text type="secondary" ellipsis className="contacts-table__role">
            {[contact.jobTitle || contact.currentRole, contact.company].filter(Boolean).join(' · ') || '—'}
          </Text>
        </div>
      </div>
    ),
  },
  {
    key: 'email',
    title: 'E-mail',
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
    title: 'E-mail status',
    width: 105,
    render: (_, contact) => <Text className="contacts-text--small">{emailStatusLabel(contact)}</Text>,
  },
  {
    key: 'conversation',
    title: 'Conversation',
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
    title: 'Relationship',
    width: 140,
    render: (_, contact) => (
      <Tag color={relationshipColors[contact.relationshipStatus]} data-testid="contact-relationship">
        {relationshipLabels[contact.relationshipStatus]}
      </Tag>
    ),
  },
  {
    key: 'lastUpdated',
    title: 'Last updated',
    width: 120,
    render: (_, contact) => <Text className="contacts-text--small">{formatDate(contact.lastUpdated)}</Text>,
  },
];

const tableWidth = columns.reduce((sum, column) => sum + Number(column.width ?? 0), selectionWidth);

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
        columns={columns}
        dataSource={contacts}
        loading={loading}
        locale={{ emptyText: filtered ? noMatchText : noContactsText }}
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
            // the checkbox cell selects; the rest of the row opens the drawer
            if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
            onOpen(contact);
          },
          className: 'contacts-table__row',
          'data-testid': 'contact-row',
        })}
      />
      <div className="contacts-table__footer">
        <Text type="secondary" data-testid="contacts-count">
          Showing {contacts.length.toLocaleString()} of {total.toLocaleString()} contacts
        </Text>
        {hasMore ? (
          <Button size="small" onClick={onLoadMore} loading={isLoadingMore}>
            Load more
          </Button>
        ) : null}
      </div>
    </div>
  );
};
