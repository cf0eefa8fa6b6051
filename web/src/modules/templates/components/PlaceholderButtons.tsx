import { placeholders, placeholderToken, type Placeholder } from '@shared/placeholders';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { placeholderLabel } from '../utils/placeholderLabel';

export type PlaceholderButtonsProps = {
  /** puts the placeholder at the cursor of the subject or body field last used */
  onInsert: (token: string) => void;
  disabled?: boolean;
};

/** One button per placeholder (DESIGN §8): the contact's values, then the sender's own. */
export const PlaceholderButtons = ({ onInsert, disabled }: PlaceholderButtonsProps) => {
  const { t } = useTranslation('templates');
  return (
    <fieldset className="templates-placeholders" aria-label={t('placeholders.label')}>
      <legend className="templates-placeholders__legend">{t('placeholders.legend')}</legend>
      <div className="templates-placeholders__buttons">
        {placeholders.map((name: Placeholder) => (
          <Tooltip key={name} title={placeholderToken(name)}>
            <Button
              size="small"
              disabled={disabled}
              // keeps the focus (and the cursor) in the field being written
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onInsert(placeholderToken(name))}
            >
              {placeholderLabel(name)}
            </Button>
          </Tooltip>
        ))}
      </div>
    </fieldset>
  );
};
