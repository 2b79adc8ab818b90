import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, type CarouselProps } from './carousel.tsx';
import { CAROUSEL_INTERVAL_MS, startCarousel } from './carousel-behaviour.ts';

const props: CarouselProps = {
  slides: [
    { title: 'First slide', text: 'One' },
    { title: 'Second slide', text: 'Two' },
    { title: 'Third slide', text: 'Three' },
  ],
  labels: { region: 'Highlights', slideOf: 'of', dot: 'Show slide' },
};

/** The build-time markup, put in the page the way the browser receives it (no React runs after this). */
function mount(): HTMLElement {
  document.body.innerHTML = renderToStaticMarkup(<Carousel {...props} />);
  return document.querySelector<HTMLElement>('[data-carousel]')!;
}

/** The title of the one slide not hidden. */
function visibleSlide(root: HTMLElement): string {
  const shown = [...root.querySelectorAll<HTMLElement>('.carousel-slide')].filter((s) => !s.hidden);
  expect(shown).toHaveLength(1);
  return shown[0]!.querySelector('h3')!.textContent ?? '';
}

function dot(root: HTMLElement, n: number): HTMLButtonElement {
  return root.querySelector<HTMLButtonElement>(`[aria-label="Show slide ${n}"]`)!;
}

function touch(target: HTMLElement, type: 'touchstart' | 'touchend', clientX: number) {
  const event = new Event(type, { bubbles: true });
  Object.defineProperty(event, type === 'touchstart' ? 'touches' : 'changedTouches', {
    value: [{ clientX }],
  });
  target.dispatchEvent(event);
}

let stop: () => void = () => {};
function start(root: HTMLElement) {
  stop = startCarousel(root);
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('renders the first slide visible and names each slide by its position, before any script', () => {
    const root = mount();
    expect(visibleSlide(root)).toBe('First slide');
    expect(root.getAttribute('aria-label')).toBe('Highlights');
    const names = [...root.querySelectorAll('[aria-roledescription="slide"]')].map((s) =>
      s.getAttribute('aria-label'),
    );
    expect(names).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(dot(root, 1).getAttribute('aria-current')).toBe('true');
  });

  it('moves on every 3000 ms, not a millisecond earlier (spec §2, §9)', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    const root = mount();
    start(root);
    expect(visibleSlide(root)).toBe('First slide');
    vi.advanceTimersByTime(2999);
    expect(visibleSlide(root)).toBe('First slide');
    vi.advanceTimersByTime(1);
    expect(visibleSlide(root)).toBe('Second slide');
    expect(dot(root, 2).getAttribute('aria-current')).toBe('true');
    expect(dot(root, 1).hasAttribute('aria-current')).toBe(false);
    vi.advanceTimersByTime(2999);
    expect(visibleSlide(root)).toBe('Second slide');
    vi.advanceTimersByTime(1);
    expect(visibleSlide(root)).toBe('Third slide');
  });

  it('wraps from the last slide back to the first', () => {
    const root = mount();
    start(root);
    vi.advanceTimersByTime(3 * 3000);
    expect(visibleSlide(root)).toBe('First slide');
  });

  it('shows the slide whose dot is picked, marks it current and gives it a full interval', () => {
    const root = mount();
    start(root);
    vi.advanceTimersByTime(2000);
    dot(root, 3).click();
    expect(visibleSlide(root)).toBe('Third slide');
    expect(dot(root, 3).getAttribute('aria-current')).toBe('true');
    expect(dot(root, 1).hasAttribute('aria-current')).toBe(false);
    vi.advanceTimersByTime(2999);
    expect(visibleSlide(root)).toBe('Third slide');
    vi.advanceTimersByTime(1);
    expect(visibleSlide(root)).toBe('First slide');
  });

  it('stays put while the pointer is over it, and moves on again when it leaves', () => {
    const root = mount();
    start(root);
    root.dispatchEvent(new MouseEvent('mouseenter'));
    vi.advanceTimersByTime(10_000);
    expect(visibleSlide(root)).toBe('First slide');
    root.dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(3000);
    expect(visibleSlide(root)).toBe('Second slide');
  });

  it('stays put while focus is inside it, and announces changes politely meanwhile', () => {
    const root = mount();
    start(root);
    const live = root.querySelector('[aria-live]')!;
    expect(live.getAttribute('aria-live')).toBe('off');
    dot(root, 2).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(live.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(10_000);
    expect(visibleSlide(root)).toBe('First slide');
    // Focus moving between the dots keeps it paused; leaving the carousel resumes it.
    dot(root, 2).dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: dot(root, 3) }));
    vi.advanceTimersByTime(10_000);
    expect(visibleSlide(root)).toBe('First slide');
    dot(root, 3).dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body }));
    expect(live.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(3000);
    expect(visibleSlide(root)).toBe('Second slide');
  });

  it('does not move by itself when the system asks for reduced motion, until that changes', () => {
    let listener: (() => void) | undefined;
    const query = {
      matches: true,
      addEventListener: (_: string, l: () => void) => {
        listener = l;
      },
      removeEventListener: () => {},
    };
    vi.stubGlobal('matchMedia', (q: string) => (q === '(prefers-reduced-motion: reduce)' ? query : null));
    const root = mount();
    start(root);
    vi.advanceTimersByTime(10_000);
    expect(visibleSlide(root)).toBe('First slide');
    dot(root, 2).click();
    expect(visibleSlide(root)).toBe('Second slide');
    query.matches = false;
    listener?.();
    vi.advanceTimersByTime(3000);
    expect(visibleSlide(root)).toBe('Third slide');
  });

  it('moves with the arrow keys, Home and End, taking focus to the current dot', () => {
    const root = mount();
    start(root);
    const key = (k: string) =>
      (document.activeElement ?? root).dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    dot(root, 1).focus();
    key('ArrowRight');
    expect(visibleSlide(root)).toBe('Second slide');
    expect(document.activeElement).toBe(dot(root, 2));
    key('End');
    expect(visibleSlide(root)).toBe('Third slide');
    key('ArrowRight');
    expect(visibleSlide(root)).toBe('First slide');
    key('ArrowLeft');
    expect(visibleSlide(root)).toBe('Third slide');
    key('Home');
    expect(visibleSlide(root)).toBe('First slide');
  });

  it('follows a swipe, and ignores a short touch', () => {
    const root = mount();
    start(root);
    touch(root, 'touchstart', 300);
    touch(root, 'touchend', 290);
    expect(visibleSlide(root)).toBe('First slide');
    touch(root, 'touchstart', 300);
    touch(root, 'touchend', 200);
    expect(visibleSlide(root)).toBe('Second slide');
    touch(root, 'touchstart', 100);
    touch(root, 'touchend', 250);
    expect(visibleSlide(root)).toBe('First slide');
  });

  it('stops when asked', () => {
    const root = mount();
    start(root);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(visibleSlide(root)).toBe('First slide');
  });
});
