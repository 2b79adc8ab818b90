import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { section } from '../../shared/legal/legal-document.ts';
import { loanAgreement } from '../../shared/legal/loan-agreement.ts';
import { LegalDocument } from './legal-document.tsx';

const doc = {
  intro: ['Opening words.', 'Second opening paragraph.'],
  sections: [
    section('Fees', ['What you pay:'], ['interest', 'a late fee'], ['Nothing else.']),
    section('Contacts', ['Write to us.']),
  ],
};

describe('LegalDocument', () => {
  it('draws the opening, then each section labelled by its heading: paragraphs, list, what follows', () => {
    const { container } = render(<LegalDocument doc={doc} headingId={(i) => `t-${i}`} />);
    expect(container.firstElementChild?.textContent).toBe('Opening words.');
    const fees = screen.getByRole('region', { name: 'Fees' });
    expect(within(fees).getByRole('heading', { level: 2 }).id).toBe('t-0');
    const texts = [...fees.children].map((el) => `${el.tagName}:${el.textContent}`);
    expect(texts).toEqual(['H2:Fees', 'P:What you pay:', 'UL:interesta late fee', 'P:Nothing else.']);
    expect(
      within(fees)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['interest', 'a late fee']);
    // No list when the section has none.
    expect(within(screen.getByRole('region', { name: 'Contacts' })).queryByRole('list')).toBeNull();
  });

  it('adds what the page gives at the end of one section only', () => {
    render(
      <LegalDocument
        doc={doc}
        headingId={(i) => `t-${i}`}
        sectionEnd={(i) => (i === 1 ? <address>Our office</address> : null)}
      />,
    );
    expect(within(screen.getByRole('region', { name: 'Contacts' })).getByText('Our office')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Fees' })).queryByText('Our office')).toBeNull();
  });

  it('shows a market text as written, markup included as text', () => {
    const indonesia = loanAgreement('ID', 'id');
    render(
      <LegalDocument
        doc={{ intro: ['<b>not bold</b>'], sections: indonesia.sections }}
        headingId={(i) => `id-${i}`}
      />,
    );
    expect(screen.getByText('<b>not bold</b>')).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(indonesia.sections.length);
    expect(screen.getByRole('region', { name: indonesia.sections[0]!.heading })).toBeTruthy();
  });
});
