import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TAGGED_CARDS } from '../../shared/contract/constants.ts';
import { product } from '../features/products/products-test-kit.tsx';
import { ProductCard } from './product-card.tsx';

describe('ProductCard', () => {
  it('shows the logo, name, amount range with its caption, rate, description and button text', () => {
    render(<ProductCard product={product(7)} index={0} onApply={() => {}} />);
    const card = screen.getByRole('article', { name: 'Product 7' });
    // The logo is decoration next to the name it repeats.
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/logos/7.png');
    expect(card.querySelector('img')!.getAttribute('alt')).toBe('');
    expect(within(card).getByText('₹5,000 - ₹50,000')).toBeTruthy();
    expect(within(card).getByText('Loan amount')).toBeTruthy();
    expect(within(card).getByText('0.08%/day')).toBeTruthy();
    expect(within(card).getByText('Description of product 7')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Apply now' })).toBeTruthy();
  });

  it('shows tags on the first two cards only', () => {
    expect(TAGGED_CARDS).toBe(2);
    render(
      <ul>
        {[0, 1, 2, 3].map((index) => (
          <li key={index}>
            <ProductCard product={product(index + 1)} index={index} onApply={() => {}} />
          </li>
        ))}
      </ul>,
    );
    for (const index of [0, 1]) {
      const card = screen.getByRole('article', { name: `Product ${index + 1}` });
      expect(
        within(card)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([`Tag ${index + 1}a`, `Tag ${index + 1}b`]);
    }
    for (const index of [2, 3]) {
      const card = screen.getByRole('article', { name: `Product ${index + 1}` });
      expect(within(card).queryAllByRole('listitem')).toHaveLength(0);
      expect(card.textContent).not.toContain('Tag');
    }
  });

  it('applies with the product and its place in the list when the button is enabled', async () => {
    const onApply = vi.fn();
    const user = userEvent.setup();
    const p = product(3);
    render(<ProductCard product={p} index={4} onApply={onApply} />);
    const button = screen.getByRole('button', { name: 'Apply now' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await user.click(button);
    expect(onApply).toHaveBeenCalledExactlyOnceWith(p, 4);
  });

  it('looks disabled and does nothing on a tap when buttonStatus is 0', async () => {
    const onApply = vi.fn();
    const user = userEvent.setup();
    render(
      <ProductCard
        product={product(3, { buttonStatus: 0, buttonText: 'Loan ongoing' })}
        index={0}
        onApply={onApply}
      />,
    );
    const button = screen.getByRole('button', { name: 'Loan ongoing' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.className).toContain('is-disabled');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('ignores taps while its application is being answered', async () => {
    const onApply = vi.fn();
    const user = userEvent.setup();
    render(<ProductCard product={product(3)} index={0} onApply={onApply} busy />);
    const button = screen.getByRole('button', { name: 'Apply now' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(onApply).not.toHaveBeenCalled();
  });
});
