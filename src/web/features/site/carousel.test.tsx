import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, Carousel, type CarouselProps } from './carousel.tsx';

const props: CarouselProps = {
  slides: [
    { title: 'First slide', text: 'One' },
    { title: 'Second slide', text: 'Two' },
    { title: 'Third slide', text: 'Three' },
  ],
  labels: { region: 'Highlights', slideOf: 'of', dot: 'Show slide' },
};

/** The title of the one slide not hidden. */
function visibleSlide(): string {
  const shown = screen
    .getAllByRole('group', { hidden: true })
    .filter((slide) => !slide.hasAttribute('hidden'));
  expect(shown).toHaveLength(1);
  return shown[0]!.querySelector('h3')!.textContent ?? '';
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves on every 3000 ms, not a millisecond earlier (spec §2, §9)', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    render(<Carousel {...props} />);
    expect(visibleSlide()).toBe('First slide');
    advance(2999);
    expect(visibleSlide()).toBe('First slide');
    advance(1);
    expect(visibleSlide()).toBe('Second slide');
    advance(2999);
    expect(visibleSlide()).toBe('Second slide');
    advance(1);
    expect(visibleSlide()).toBe('Third slide');
  });

  it('wraps from the last slide back to the first', () => {
    render(<Carousel {...props} />);
    advance(3000);
    advance(3000);
    advance(3000);
    expect(visibleSlide()).toBe('First slide');
  });

  it('shows the slide whose dot is picked, marks it current and gives it a full interval', () => {
    render(<Carousel {...props} />);
    advance(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
    expect(visibleSlide()).toBe('Third slide');
    expect(screen.getByRole('button', { name: 'Show slide 3' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Show slide 1' }).hasAttribute('aria-current')).toBe(false);
    advance(2999);
    expect(visibleSlide()).toBe('Third slide');
    advance(1);
    expect(visibleSlide()).toBe('First slide');
  });

  it('stays put while the pointer is over it, and moves on again when it leaves', () => {
    render(<Carousel {...props} />);
    const region = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(region);
    advance(10_000);
    expect(visibleSlide()).toBe('First slide');
    fireEvent.mouseLeave(region);
    advance(3000);
    expect(visibleSlide()).toBe('Second slide');
  });

  it('stays put while focus is inside it, and announces changes politely meanwhile', () => {
    render(<Carousel {...props} />);
    const live = screen.getByRole('region', { name: 'Highlights' }).querySelector('[aria-live]')!;
    expect(live.getAttribute('aria-live')).toBe('off');
    act(() => screen.getByRole('button', { name: 'Show slide 2' }).focus());
    expect(live.getAttribute('aria-live')).toBe('polite');
    advance(10_000);
    expect(visibleSlide()).toBe('First slide');
    act(() => screen.getByRole('button', { name: 'Show slide 2' }).blur());
    advance(3000);
    expect(visibleSlide()).toBe('Second slide');
  });

  it('names each slide by its position', () => {
    render(<Carousel {...props} />);
    expect(screen.getByRole('group', { name: '1 of 3' }).textContent).toContain('First slide');
  });
});
