import { CopyOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { placeholders, placeholderToken, unknownPlaceholders } from '@shared/placeholders';
import { maxTemplateBodyLength, maxTemplateNameLength, maxTemplateSubjectLength } from '@shared/schemas/templates';
import { Button, Card, Form, Input, type InputRef, Popconfirm, Space } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea, { type TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { isApiError } from '@/lib/http/ApiError';
import { fieldErrors } from '@/lib/http/fieldErrors';
import { useToast } from '@/ui/toast/useToast';
import type { Template, TemplateFields } from '../api/templatesApi';
import { insertAtCursor } from '../utils/insertAtCursor';
import { PlaceholderButtons } from './PlaceholderButtons';
import { TemplatePreview } from './TemplatePreview';

type Field = keyof TemplateFields;

export type TemplateEditorProps = {
  /** the saved template, or null for a new one */
  template: Template | null;
  onSave: (id: string | null, fields: TemplateFields) => Promise<Template>;
  onDuplicate: (template: Template) => Promise<Template>;
  onDelete: (id: string) => Promise<void>;
  /** after a save, a duplicate or a delete: which template to show (null: none) */
  onSelect: (id: string | null) => void;
  previewContactId: string | null;
  onPreviewContactChange: (contactId: string | null) => void;
  /** whether the fields hold what is not saved (a new template: anything written), told on every change */
  onUnsavedChange: (unsaved: boolean) => void;
};

const unknownIn = (text: string) => {
  const names = unknownPlaceholders(text);
  return names.length > 0
    ? i18n.t('templates:editor.unknownPlaceholders', {
        count: names.length,
        names: names.map((name) => `{{${name}}}`).join(', '),
        known: placeholders.map(placeholderToken).join(', '),
      })
    : undefined;
};

/** Name, subject and body of one template, placeholders inserted at the cursor, and its preview on a contact. */
export const TemplateEditor = ({
  template,
  onSave,
  onDuplicate,
  onDelete,
  onSelect,
  previewContactId,
  onPreviewContactChange,
  onUnsavedChange,
}: TemplateEditorProps) => {
  const { t } = useTranslation('templates');
  const toast = useToast();
  const [fields, setFields] = useState<TemplateFields>({
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    body: template?.body ?? '',
  });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState<'save' | 'duplicate' | 'delete' | null>(null);
  const subjectRef = useRef<InputRef>(null);
  const bodyRef = useRef<TextAreaRef>(null);
  /** where an inserted placeholder goes: the text field used last (the body until the subject is used) */
  const lastText = useRef<'subject' | 'body'>('body');

  const dirty =
    !template || fields.name !== template.name || fields.subject !== template.subject || fields.body !== template.body;
  const unsaved = template ? dirty : Object.values(fields).some((value) => value.trim() !== '');
  const reportUnsaved = useRef(onUnsavedChange);
  reportUnsaved.current = onUnsavedChange;
  useEffect(() => reportUnsaved.current(unsaved), [unsaved]);
  useEffect(() => () => reportUnsaved.current(false), []);
  const errors: Partial<Record<Field, string>> = {
    // said once the rest is written, not on a new template's empty form
    name:
      serverErrors.name ??
      (fields.name.trim() === '' && (fields.subject.trim() || fields.body.trim())
        ? t('editor.nameRequired')
        : undefined),
    subject: unknownIn(fields.subject) ?? serverErrors.subject,
    body:
      unknownIn(fields.body) ??
      serverErrors.body ??
      // a template without a body would make an empty e-mail for every contact it is applied to
      (fields.body.trim() === '' && (fields.name.trim() || fields.subject.trim())
        ? t('editor.bodyRequired')
        : undefined),
  };
  const invalid = Boolean(errors.subject || errors.body) || fields.name.trim() === '' || fields.body.trim() === '';

  const change = (field: Field, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const textElement = (field: 'subject' | 'body') =>
    field === 'subject' ? subjectRef.current?.input : bodyRef.current?.resizableTextArea?.textArea;
  /** where the cursor goes once an inserted placeholder is in the field */
  const placedCursor = useRef<{ field: 'subject' | 'body'; cursor: number } | null>(null);
  // as the field shows the new text, before anything else is typed: a key pressed just after the button then lands
  // after the placeholder (a cursor set on the next frame instead moved back under it)
  useLayoutEffect(() => {
    const placed = placedCursor.current;
    if (!placed) return;
    placedCursor.current = null;
    const element = textElement(placed.field);
    element?.focus();
    element?.setSelectionRange(placed.cursor, placed.cursor);
  });

  const insert = (token: string) => {
    const field = lastText.current;
    const element = textElement(field);
    const next = insertAtCursor(fields[field], token, element?.selectionStart, element?.selectionEnd);
    placedCursor.current = { field, cursor: next.cursor };
    change(field, next.value);
  };

  const failed = (error: unknown) => {
    const byField = fieldErrors<Field>(error, ['name', 'subject', 'body']);
    if (byField.length > 0) {
      setServerErrors(Object.fromEntries(byField.map((entry) => [entry.name, entry.errors.join(' ')])));
    } else {
      toast.error(isApiError(error) ? error.message : t('editor.failed'));
    }
  };

  const save = async () => {
    setBusy('save');
    try {
      const saved = await onSave(template?.id ?? null, { ...fields, name: fields.name.trim() });
      // saving again while the last one's toast shows replaces it rather than stacking a second
      toast.success(t('editor.saved'), { key: 'template-saved' });
      onSelect(saved.id);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const duplicate = async () => {
    if (!template) return;
    setBusy('duplicate');
    try {
      const copy = await onDuplicate({ ...template, ...fields });
      toast.success(t('editor.duplicated'), { description: t('editor.nowEditing', { name: copy.name }) });
      onSelect(copy.id);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!template) return;
    setBusy('delete');
    try {
      await onDelete(template.id);
      toast.success(t('editor.deleted'));
      onSelect(null);
    } catch (error) {
      failed(error);
      setBusy(null);
    }
  };

  return (
    <div className="templates-editor">
      <Card
        title={template ? t('editor.editTitle') : t('editor.newTitle')}
        extra={
          <Space>
            {template ? (
              <>
                <Button
                  icon={<CopyOutlined />}
                  loading={busy === 'duplicate'}
                  disabled={busy !== null || invalid}
                  onClick={duplicate}
                >
                  {t('editor.duplicate')}
                </Button>
                <Popconfirm
                  title={t('editor.deleteTitle')}
                  description={t('editor.deleteDescription', { name: template.name })}
                  okText={t('editor.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('editor.cancel')}
                  onConfirm={remove}
                >
                  <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'} disabled={busy !== null}>
                    {t('editor.delete')}
                  </Button>
                </Popconfirm>
              </>
            ) : null}
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={busy === 'save'}
              disabled={busy !== null || !dirty || invalid}
              onClick={save}
            >
              {t('editor.save')}
            </Button>
          </Space>
        }
      >
        <Form layout="vertical" component="div">
          <Form.Item
            label={t('editor.name')}
            required
            htmlFor="template-name"
            validateStatus={errors.name ? 'error' : undefined}
            help={errors.name}
          >
            <Input
              id="template-name"
              value={fields.name}
              maxLength={maxTemplateNameLength}
              placeholder={t('editor.namePlaceholder')}
              onChange={(event) => change('name', event.target.value)}
            />
          </Form.Item>
          <Form.Item
            label={t('editor.subject')}
            htmlFor="template-subject"
            validateStatus={errors.subject ? 'error' : undefined}
            help={errors.subject}
          >
            <Input
              id="template-subject"
              ref={subjectRef}
              value={fields.subject}
              maxLength={maxTemplateSubjectLength}
              placeholder={t('editor.subjectPlaceholder', { company: '{{company}}' })}
              onFocus={() => {
                lastText.current = 'subject';
              }}
              onChange={(event) => change('subject', event.target.value)}
            />
          </Form.Item>
          <Form.Item
            label={t('editor.body')}
            htmlFor="template-body"
            validateStatus={errors.body ? 'error' : undefined}
            help={errors.body}
          >
            <TextArea
              id="template-body"
              ref={bodyRef}
              value={fields.body}
              maxLength={maxTemplateBodyLength}
              autoSize={{ minRows: 8, maxRows: 20 }}
              placeholder={t('editor.bodyPlaceholder', { firstName: '{{firstName}}' })}
              onFocus={() => {
                lastText.current = 'body';
              }}
              onChange={(event) => change('body', event.target.value)}
            />
          </Form.Item>
        </Form>
        <PlaceholderButtons onInsert={insert} disabled={busy !== null} />
      </Card>
      <Card title={t('editor.preview')} className="templates-editor__preview">
        <TemplatePreview
          templateId={template?.id ?? null}
          subject={fields.subject}
          body={fields.body}
          contactId={previewContactId}
          onContactChange={onPreviewContactChange}
        />
      </Card>
    </div>
  );
};
