import { DeleteOutlined, MailOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type BulkActionsProps = {
  count: number;
  busy: 'lookup' | 'delete' | null;
  onFindEmails: () => void;
  /** enrols the selected contacts in a sequence (DESIGN §9) */
  onAddToSequence: () => void;
  onDelete: () => void;
};

/**
 * What can be done with the selected contacts: look up their e-mails, add them to a sequence, or delete them (after a
 * confirmation).
 */
export const BulkActions = ({ count, busy, onFindEmails, onAddToSequence, onDelete }: BulkActionsProps) => {
  const { t } = useTranslation('contacts');
  return (
    <Space data-testid="bulk-actions" className="contacts-bulk">
      <Typography.Text type="secondary">{t('bulk.selected', { count })}</Typography.Text>
      <Button icon={<MailOutlined />} onClick={onFindEmails} loading={busy === 'lookup'}>
        {t('bulk.findEmails')}
      </Button>
      <Button icon={<NodeIndexOutlined />} onClick={onAddToSequence}>
        {t('bulk.addToSequence')}
      </Button>
      <Popconfirm
        title={t('bulk.deleteTitle', { count })}
        description={t('bulk.deleteDescription')}
        okText={t('bulk.delete')}
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'}>
          {t('bulk.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
};
