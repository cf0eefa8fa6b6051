import { placeholderLabels, placeholders, placeholderToken, type Placeholder } from '@shared/placeholders';
import { Button, Tooltip } from 'antd';

export type PlaceholderButtonsProps = {
  /** puts the placeholder at the cursor of the subject or body field last used */
  onInsert: (token: string) => void;
  disabled?: boolean;
};

/** One button per placeholder (DESIGN §8): the contact's values, then the sender's own. */
export const PlaceholderButtons = ({ onInsert, disabled }: PlaceholderButtonsProps) => (
  <fieldset className="templates-placeholders" aria-label="Insert a placeholder">
    <legend className="templates-placeholders__legend">Insert a placeholder at the cursor</legend>
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
            {placeholderLabels[name]}
          </Button>
        </Tooltip>
      ))}
    </div>
  </fieldset>
);
