import type { ReactNode } from 'react';

export type DocumentSection = {
  /** the anchor of the section, `#id` */
  id: string;
  title: string;
  content: ReactNode;
};

export type DocumentLayoutProps = { sections: DocumentSection[] };

/** A long page in sections with a table of contents beside it (privacy, terms, guides). */
export const DocumentLayout = ({ sections }: DocumentLayoutProps) => (
  <div className="landing__document">
    <nav className="landing__toc" aria-label="On this page">
      <p className="landing__toc-title">On this page</p>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
    <div className="landing-prose">
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.content}
        </section>
      ))}
    </div>
  </div>
);
