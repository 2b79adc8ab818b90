import { type FocusEvent, useEffect, useState } from 'react';

/** Spec §2 and §9: the home carousel moves on every 3000 ms. */
export const CAROUSEL_INTERVAL_MS = 3000;

export interface CarouselSlide {
  title: string;
  text: string;
}

export interface CarouselProps {
  slides: CarouselSlide[];
  labels: {
    /** Accessible name of the carousel region. */
    region: string;
    /** Word between the slide number and the count: "1 of 4". */
    slideOf: string;
    /** Prefix of each dot's name: "Show slide 2". */
    dot: string;
  };
}

/**
 * Hydrated island of the home page. The server renders the first slide visible and the others hidden,
 * so the page reads well without JavaScript; in the browser it rotates, unless the visitor is pointing
 * at it, has focus inside it, or asked the system for reduced motion.
 */
export function Carousel({ slides, labels }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const paused = hovered || focused || reducedMotion;
  const count = slides.length;

  useEffect(() => {
    const query =
      typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
    if (!query) return;
    setReducedMotion(query.matches);
    const onChange = (event: MediaQueryListEvent) => setReducedMotion(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // Re-armed on every slide change, so a slide picked by hand also stays for a full interval.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((index + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, paused, count]);

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={labels.region}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Announcing every automatic turn would talk over the reader; once paused, changes are announced. */}
      <div className="carousel-slides" aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group of content, not a form fieldset (ARIA APG carousel pattern).
          <div
            key={slide.title}
            id={`carousel-slide-${i}`}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} ${labels.slideOf} ${count}`}
            hidden={i !== index}
          >
            <h3>{slide.title}</h3>
            <p>{slide.text}</p>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel-dots">
          {slides.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              className="carousel-dot"
              aria-label={`${labels.dot} ${i + 1}`}
              aria-controls={`carousel-slide-${i}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
