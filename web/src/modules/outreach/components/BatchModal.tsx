import { Alert, Modal, Select, Typography } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useTemplates } from '../hooks/useTemplates';
import './outreach.css';

export type BatchMode = 'ai' | 'template';

export type BatchModalProps = {
  mode: BatchMode | null;
  count: number;
  onCancel: () => void;
  onStart: (options: { templateId?: string; instructions?: string }) => Promise<void>;
};

const maxInstructions = 2000;

/**
 * Before a batch: "Generate with AI" takes optional instructions and a template to start from; "Apply template"
 * fills a chosen template in for each contact, as it is.
 */
export const BatchModal = ({ mode, count, onCancel, onStart }: BatchModalProps) => {
  const { data: templates, error, isLoading } = useTemplates(mode !== null);
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [instructions, setInstructions] = useState('');
  const [starting, setStarting] = useState(false);
  const contacts = `${count} contact${count === 1 ? '' : 's'}`;

  const handleOk = async () => {
    setStarting(true);
    try {
      await onStart({
        ...(templateId ? { templateId } : {}),
        ...(mode === 'ai' && instructions.trim() ? { instructions: instructions.trim() } : {}),
      });
      setTemplateId(undefined);
      setInstructions('');
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal
      open={mode !== null}
      title={mode === 'template' ? `Apply a template to ${contacts}` : `Generate e-mails for ${contacts}`}
      okText={mode === 'template' ? 'Apply template' : 'Generate'}
      okButtonProps={{ disabled: mode === 'template' && !templateId }}
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
