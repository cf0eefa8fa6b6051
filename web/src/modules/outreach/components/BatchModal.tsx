import { Alert, Checkbox, Modal, Select, Typography } from 'antd';
import { unsendableSummary } from '@shared/addresses';
import type { SkippedContact } from '@shared/schemas/ai';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useTemplates } from '../hooks/useTemplates';
import './outreach.css';

export type BatchMode = 'ai' | 'template';

/** What a batch is started with: a template, the AI's instructions, and whether to write for every contact. */
export type BatchOptions = { templateId?: string; instructions?: string; includeUnverified?: boolean };

export type BatchModalProps = {
  mode: BatchMode | null;
  count: number;
  /** the chosen contacts without an address that is sent to, and why (DESIGN §9): skipped unless asked */
  unsendable: readonly SkippedContact[];
  onCancel: () => void;
  onStart: (options: BatchOptions) => Promise<void>;
};

const maxInstructions = 2000;

/**
 * Before a batch: "Generate with AI" takes optional instructions and a template to start from; "Apply template"
 * fills a chosen template in for each contact, as it is.
 */
export const BatchModal = ({ mode, count, unsendable, onCancel, onStart }: BatchModalProps) => {
  const { data: templates, error, isLoading } = useTemplates(mode !== null);
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [instructions, setInstructions] = useState('');
  const [includeUnverified, setIncludeUnverified] = useState(false);
  const [starting, setStarting] = useState(false);
  const contacts = `${count} contact${count === 1 ? '' : 's'}`;
  // every chosen contact skipped: nothing to write unless the person asks for them
  const nothingToWrite = unsendable.length >= count && !includeUnverified;

  const handleOk = async () => {
    setStarting(true);
    try {
      await onStart({
        ...(templateId ? { templateId } : {}),
        ...(mode === 'ai' && instructions.trim() ? { instructions: instructions.trim() } : {}),
        ...(includeUnverified && unsendable.length ? { includeUnverified: true } : {}),
      });
      setTemplateId(undefined);
      setInstructions('');
      setIncludeUnverified(false);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal
      open={mode !== null}
      title={mode === 'template' ? `Apply a template to ${contacts}` : `Generate e-mails for ${contacts}`}
      okText={mode === 'template' ? 'Apply template' : 'Generate'}
      okButtonProps={{ disabled: (mode === 'template' && !templateId) || nothingToWrite }}
      confirmLoading={starting}
      onOk={() => void handleOk()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {mode === 'template'
          ? 'Each contact gets the template filled in with their details, saved as their primary draft (one you edited stays among their drafts). Spots with no value stay marked for you to fill, and it is sent only once they are.'
          : 'The AI writes one e-mail per contact from your profile and theirs, saved as their primary draft (one you edited stays among their drafts). You can edit every one before sending.'}
      </Typography.Paragraph>
      {unsendable.length ? (
        <Alert
          type="warning"
          showIcon
          className="outreach-modal__unsendable"
          data-testid="batch-unsendable"
          title={`${unsendableSummary(unsendable, count)}.`}
          description={
            <Checkbox checked={includeUnverified} onChange={(event) => setIncludeUnverified(event.target.checked)}>
              Write for them anyway (they are not sent until their address is confirmed or found)
            </Checkbox>
          }
        />
      ) : null}
      {error ? (
        <Alert type="error" showIcon title="Your templates could not be loaded" description={error.message} />
      ) : null}
      <div className="outreach-modal__field">
        <Typography.Text strong>
          {mode === 'template' ? 'Template' : 'Start from a template (optional)'}
        </Typography.Text>
        <Select
          className="outreach-modal__select"
          aria-label="Template"
          allowClear={mode === 'ai'}
          loading={isLoading}
          value={templateId}
          onChange={(value?: string) => setTemplateId(value)}
          placeholder={
            templates?.length === 0 ? 'No templates yet: write one on the Templates page' : 'Choose a template'
          }
          options={(templates ?? []).map((template) => ({ value: template.id, label: template.name }))}
        />
      </div>
      {mode === 'ai' ? (
        <div className="outreach-modal__field">
          <Typography.Text strong>Instructions (optional)</Typography.Text>
          <TextArea
            aria-label="Instructions"
            value={instructions}
            maxLength={maxInstructions}
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder="e.g. Mention that I will be in Berlin in March; keep it under 120 words."
            onChange={(event) => setInstructions(event.target.value)}
          />
        </div>
      ) : null}
    </Modal>
  );
};
