import type { ReactNode } from 'react';
import { PublicIcon } from './PublicIcon';

export type FaqItem = { question: string; answer: ReactNode };

export type FaqListProps = { items: FaqItem[] };

/** Questions that open to their answers: native `<details>`, so it works without script and with a keyboard. */
export const FaqList = ({ items }: FaqListProps) => (
  <div className="landing__faq">
    {items.map((item) => (
      <details key={item.question} className="landing__faq-item">
        <summary>
          {item.question}
          <PublicIcon name="plus" size={20} />
        </summary>
        <div className="landing__faq-answer">{item.answer}</div>
      </details>
    ))}
  </div>
);
