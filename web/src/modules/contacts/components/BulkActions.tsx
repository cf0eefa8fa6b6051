import { DeleteOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Typography } from 'antd';

export type BulkActionsProps = {
  count: number;
  busy: 'lookup' | 'delete' | null;
  onFindEmails: () => void;
  onDelete: () => void;
};

/** What can be done with the selected contacts: look up their e-mails, or delete them (after a confirmation). */
export const BulkActions = ({ count, busy, onFindEmails, onDelete }: BulkActionsProps) => (
  <Space data-testid="bulk-actions">
    <Typography.Text type="secondary">{count} selected</Typography.Text>
    <Button icon={<MailOutlined />} onClick={onFindEmails} loading={busy === 'lookup'}>
      Find e-mails
    </Button>
    <Popconfirm
      title={`Delete ${count} contact${count === 1 ? '' : 's'}?`}
      description="Their notes and statuses go too. The slots they used are not given back."
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={onDelete}
    >
      <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'}>
        Delete
      </Button>
    </Popconfirm>
  </Space>
);
