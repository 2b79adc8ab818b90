/**
 * The home carousel's browser behaviour, in plain DOM code: the markup is rendered by React at build
 * time (carousel.tsx), and the page only needs this to turn it. Loading React (~60 KB) to rotate four
 * paragraphs cost a slow phone seconds of download and parse (decision 018). No imports, no framework.
 */

/** Spec §2 and §9: the home carousel moves on every 3000 ms. */
export const CAROUSEL_INTERVAL_MS = 3000;
/** A horizontal swipe shorter than this is a tap or a scroll, not a request to change slides. */
const SWIPE_PX = 40;

/**
 * Brings one pre-rendered carousel to life: it moves on by itself unless the visitor points at it, has
 * focus inside it or asked for reduced motion; the dots, arrow keys and swipes pick a slide, which then
 * stays a full interval. Returns a function that stops it (tests; a page never needs to).
 */
export function startCarousel(root: HTMLElement, win: Window = window): () => void {
  const slides = [...root.querySelectorAll<HTMLElement>('.carousel-slide')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.carousel-dot')];
  const live = root.querySelector<HTMLElement>('[aria-live]');
  const count = slides.length;
  if (count < 2) return () => {};

  let index = Math.max(
    0,
    slides.findIndex((s) => !s.hidden),
  );
  let hovered = false;
  let focused = false;
  const motion =
    typeof win.matchMedia === 'function' ? win.matchMedia('(prefers-reduced-motion: reduce)') : null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const paused = () => hovered || focused || !!motion?.matches;

  function show(next: number) {
    index = (next + count) % count;
    slides.forEach((slide, i) => {
      slide.hidden = i !== index;
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    arm();
  }

  // Re-armed on every change, so a slide picked by hand also stays for a full interval.
  function arm() {
    clearTimeout(timer);
    timer = undefined;
    // Announcing every automatic turn would talk over a screen reader; once paused, changes are read.
    live?.setAttribute('aria-live', paused() ? 'polite' : 'off');
    if (!paused()) timer = setTimeout(() => show(index + 1), CAROUSEL_INTERVAL_MS);
  }

  const listeners: Array<[EventTarget, string, EventListener]> = [];
  function on<E extends Event>(target: EventTarget, type: string, listener: (event: E) => void) {
    target.addEventListener(type, listener as EventListener, { passive: true });
    listeners.push([target, type, listener as EventListener]);
  }

  on(root, 'mouseenter', () => {
    hovered = true;
    arm();
  });
  on(root, 'mouseleave', () => {
    hovered = false;
    arm();
  });
  on(root, 'focusin', () => {
    focused = true;
    arm();
  });
  on<FocusEvent>(root, 'focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    arm();
  });
  dots.forEach((dot, i) => {
    on(dot, 'click', () => show(i));
  });
  // Arrow keys, Home and End move between the dots and show the slide (APG carousel with tabbed dots).
  on<KeyboardEvent>(root, 'keydown', (event) => {
    const to =
      event.key === 'ArrowRight'
        ? index + 1
        : event.key === 'ArrowLeft'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (to === null) return;
    show(to);
    dots[index]?.focus();
  });
  let touchX: number | null = null;
  on<TouchEvent>(root, 'touchstart', (event) => {
    touchX = event.touches[0]?.clientX ?? null;
  });
  on<TouchEvent>(root, 'touchend', (event) => {
    const endX = event.changedTouches[0]?.clientX;
    if (touchX !== null && endX !== undefined && Math.abs(endX - touchX) >= SWIPE_PX) {
      show(endX < touchX ? index + 1 : index - 1);
    }
    touchX = null;
  });
  if (motion) on(motion, 'change', arm);

  arm();
  return () => {
    clearTimeout(timer);
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}

/** Starts every carousel on the page. */
export function startCarousels(doc: Document = document): void {
  for (const root of doc.querySelectorAll<HTMLElement>('[data-carousel]')) startCarousel(root);
}
