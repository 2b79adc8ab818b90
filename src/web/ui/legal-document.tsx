import type { ReactNode } from 'react';
import type { LegalSection } from '../../shared/legal/legal-document.ts';

export interface LegalDocumentProps {
  /** The text: its opening paragraphs and its sections (src/shared/legal/legal-document.ts). */
  doc: { intro: readonly string[]; sections: readonly LegalSection[] };
  /** The id of a section's heading, unique in the page (the section is labelled by it). */
  headingId: (index: number) => string;
  /** What a page adds at the end of a section (the operator's contact details under "Contacts"). */
  sectionEnd?: (index: number) => ReactNode;
}

/**
 * One legal text as the reader sees it (decision 053): the opening paragraphs, then each section with its
 * heading, paragraphs, list and the paragraphs after the list. Plain text only, React text nodes: the
 * copy is each market's own wording and never markup. The page around it keeps its own frame (an
 * article with the text's language and market, its title, what it shows before or after the text); the
 * loan agreement screen, the promotion's agreement and the public site's loan terms and privacy policy
 * all draw their text through this.
 */
export function LegalDocument({ doc, headingId, sectionEnd }: LegalDocumentProps) {
  return (
    <>
      {doc.intro.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {doc.sections.map((section, i) => (
        <section key={section.heading} aria-labelledby={headingId(i)}>
          <h2 id={headingId(i)}>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.list.length > 0 ? (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {section.after.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {sectionEnd?.(i)}
        </section>
      ))}
    </>
  );
}
