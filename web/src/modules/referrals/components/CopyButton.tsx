import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';

/** How long the button says it has copied before it offers to copy again (as antd's own copy control does). */
const copiedForMs = 3_000;

export type CopyButtonProps = { text: string; label: string; copiedLabel: string };

/**
 * A button that puts `text` on the clipboard and then reads `copiedLabel` for a moment. It is named by the words it
 * shows (WCAG 2.5.3 Label in Name), which antd's Typography `copyable` is not: that one is always named 'Copy'.
 */
export const CopyButton = ({ text, label, copiedLabel }: CopyButtonProps) => {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedForMs);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      className={copied ? 'referral-copy__button referral-copy__button--done' : 'referral-copy__button'}
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
      }}
    >
      {copied ? copiedLabel : label}
    </Button>
  );
};
