export { CAROUSEL_INTERVAL_MS } from './carousel-behaviour.ts';

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
 * The home carousel's markup, rendered at build time only: the first slide visible and the others
 * hidden, so the page reads well without JavaScript. In the browser `data-carousel` is picked up by
 * the plain DOM script (carousel-behaviour.ts); React never runs on the page (decision 018).
 */
export function Carousel({ slides, labels }: CarouselProps) {
  const count = slides.length;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={labels.region} data-carousel="">
      {/* Announcing every automatic turn would talk over the reader; once paused, changes are announced. */}
      <div className="carousel-slides" aria-live="off">
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group of content, not a form fieldset (ARIA APG carousel pattern).
          <div
            key={slide.title}
            id={`carousel-slide-${i}`}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} ${labels.slideOf} ${count}`}
            hidden={i !== 0}
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
              aria-current={i === 0 ? 'true' : undefined}
            />
          ))}
        </div>
      )}
    </section>
  );
}
