/** The classes of text.css for a text of `type` (antd Typography's `type`), with the caller's own. */
export const textClassName = (base: string, type: TextType | undefined, className: string | undefined) =>
  [base, type ? `text--${type}` : undefined, className].filter(Boolean).join(' ');

/** antd Typography's `type` as the app uses it. */
export type TextType = 'secondary' | 'danger';
