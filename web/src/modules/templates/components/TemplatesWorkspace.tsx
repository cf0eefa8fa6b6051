import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Menu, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRecentTime } from '@/lib/formatDate';
import { useReportDirty } from '@/modules/profile/hooks/useReportDirty';
import { useUnsavedChangesGuard } from '@/modules/profile/hooks/useUnsavedChangesGuard';
import { EmptyState } from '@/ui/EmptyState';
import { useTemplates } from '../hooks/useTemplates';
import { TemplateEditor } from './TemplateEditor';
import './templates.css';
import { i18n } from '@/i18n';

/** What the editor shows: a saved template by id, a new one, or the first of the list. */
type Selection = { kind: 'template'; id: string } | { kind: 'new' } | { kind: 'first' };

/** /templates: the list of the person's templates beside the editor of the chosen one. */
export const TemplatesWorkspace = () => {
  const { t } = useTranslation('templates');
  const { templates, error, isLoading, mutate, save, duplicate, remove } = useTemplates();
  const [selection, setSelection] = useState<Selection>({ kind: 'first' });
  /** the contact the preview is shown on, kept from one template to the next */
  const [previewContactId, setPreviewContactId] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const { modal } = App.useApp();
  // leaving the page (a link, closing the tab) asks first while the editor holds unsaved changes
  useReportDirty('template-editor', unsaved);
  useUnsavedChangesGuard();
  /** switching to another template, or to a new one, asks first while the editor holds unsaved changes */
  const leaveEditor = (next: Selection) => {
    if (!unsaved) return setSelection(next);
    modal.confirm({
      title: t('workspace.discardTitle'),
      content: t('workspace.discardContent'),
      okText: t('workspace.discard'),
      okButtonProps: { danger: true },
      cancelText: t('workspace.keepEditing'),
      onOk: () => setSelection(next),
    });
  };

  if (isLoading) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (error && templates.length === 0) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('workspace.loadFailed')}
        description={error.message}
        action={<Button onClick={() => void mutate()}>{t('workspace.tryAgain')}</Button>}
      />
    );
  }

  const selected =
    selection.kind === 'template'
      ? (templates.find((template) => template.id === selection.id) ?? null)
      : selection.kind === 'first'
        ? (templates[0] ?? null)
        : null;
  const editing = selection.kind === 'new' || selected !== null;
  const select = (id: string | null) => setSelection(id ? { kind: 'template', id } : { kind: 'first' });
  const newButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => selection.kind !== 'new' && leaveEditor({ kind: 'new' })}
    >
      {t('editor.newTitle')}
    </Button>
  );

  if (!editing) {
    return (
      <Card>
        <EmptyState
          icon={<FileTextOutlined />}
          title={t('workspace.emptyTitle')}
          description={t('workspace.emptyDescription')}
        >
          {newButton}
        </EmptyState>
      </Card>
    );
  }

  return (
    <div className="templates-page">
      <Card className="templates-page__list" title={t('workspace.yourTemplates')}>
        <div className="templates-page__new">{newButton}</div>
        {templates.length === 0 ? (
          <Typography.Paragraph type="secondary" className="templates-text--small">
            {t('workspace.savedAppearHere')}
          </Typography.Paragraph>
        ) : (
          <Menu
            mode="inline"
            aria-label={t('page.title')}
            className="templates-page__menu"
            selectedKeys={selected ? [selected.id] : []}
            onClick={({ key }) => key !== selected?.id && leaveEditor({ kind: 'template', id: key })}
            items={templates.map((template) => ({
              key: template.id,
              label: (
                <span className="templates-page__item">
                  <span className="templates-page__item-name">{template.name}</span>
                  <Typography.Text type="secondary" className="templates-text--small">
                    {formatRecentTime(template.updatedAt, i18n.language)}
                  </Typography.Text>
                </span>
              ),
            }))}
          />
        )}
      </Card>
      <TemplateEditor
        // a fresh editor per template: its fields start from what is saved
        key={selected?.id ?? 'new'}
        template={selected}
        onSave={save}
        onDuplicate={duplicate}
        onDelete={remove}
        onSelect={select}
        previewContactId={previewContactId}
        onPreviewContactChange={setPreviewContactId}
        onUnsavedChange={setUnsaved}
      />
    </div>
  );
};
