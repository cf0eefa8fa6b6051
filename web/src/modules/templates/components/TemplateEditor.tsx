import { CopyOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { unknownPlaceholders, unknownPlaceholdersMessage } from '@shared/placeholders';
import {
  maxTemplateBodyLength,
  maxTemplateNameLength,
  maxTemplateSubjectLength,
  templateMessages,
} from '@shared/schemas/templates';
import { Button, Card, Form, Input, type InputRef, Popconfirm, Space } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea, { type TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  return names.length > 0 ? unknownPlaceholdersMessage(names) : undefined;
};

/** a template without a body would make an empty e-mail for every contact it is applied to */
const bodyRequired = 'Write the e-mail this template makes';

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
        ? templateMessages.nameRequired
        : undefined),
    subject: unknownIn(fields.subject) ?? serverErrors.subject,
    body:
      unknownIn(fields.body) ??
      serverErrors.body ??
      (fields.body.trim() === '' && (fields.name.trim() || fields.subject.trim()) ? bodyRequired : undefined),
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
      toast.error(isApiError(error) ? error.message : 'Something went wrong. Try again.');
    }
  };

  const save = async () => {
    setBusy('save');
    try {
      const saved = await onSave(template?.id ?? null, { ...fields, name: fields.name.trim() });
      // saving again while the last one's toast shows replaces it rather than stacking a second
      toast.success('Template saved', { key: 'template-saved' });
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
      toast.success('Template duplicated', { description: `Now editing “${copy.name}”.` });
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
      toast.success('Template deleted');
      onSelect(null);
    } catch (error) {
      failed(error);
      setBusy(null);
    }
  };

  return (
    <div className="templates-editor">
      <Card
        title={template ? 'Edit template' : 'New template'}
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
                  Duplicate
                </Button>
                <Popconfirm
                  title="Delete this template?"
                  description={`“${template.name}” is deleted for good; drafts written from it stay.`}
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  cancelText="Cancel"
                  onConfirm={remove}
                >
                  <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'} disabled={busy !== null}>
                    Delete
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
              Save
            </Button>
          </Space>
        }
      >
        <Form layout="vertical" component="div">
          <Form.Item
            label="Name"
            required
            htmlFor="template-name"
            validateStatus={errors.name ? 'error' : undefined}
            help={errors.name}
          >
            <Input
              id="template-name"
              value={fields.name}
              maxLength={maxTemplateNameLength}
              placeholder="e.g. Coffee chat with an alum"
              onChange={(event) => change('name', event.target.value)}
            />
          </Form.Item>
          <Form.Item
            label="Subject"
            htmlFor="template-subject"
            validateStatus={errors.subject ? 'error' : undefined}
            help={errors.subject}
          >
            <Input
              id="template-subject"
              ref={subjectRef}
              value={fields.subject}
              maxLength={maxTemplateSubjectLength}
              placeholder="e.g. A question about {{company}}"
              onFocus={() => {
                lastText.current = 'subject';
              }}
              onChange={(event) => change('subject', event.target.value)}
            />
          </Form.Item>
          <Form.Item
            label="Body"
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
              placeholder={'Hi {{firstName}},\n\n...'}
              onFocus={() => {
                lastText.current = 'body';
              }}
              onChange={(event) => change('body', event.target.value)}
            />
          </Form.Item>
        </Form>
        <PlaceholderButtons onInsert={insert} disabled={busy !== null} />
      </Card>
      <Card title="Preview" className="templates-editor__preview">
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
