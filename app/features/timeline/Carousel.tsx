import { useEffect, useRef, useState, type UIEvent } from "react";
import { useHydrated } from "~/ui/use-hydrated";

type Image = { id: number; name: string; url: string; thumbnailUrl: string | null };

/**
 * A post's photos (SPEC.md §9): one at a time, centred, looping. The strip scrolls and snaps
 * (CSS scroll-snap), so without JavaScript it is a swipeable row; with JavaScript Previous and
 * Next go round. Under it the 100x100 gallery thumbnails jump to their photo (plain anchors).
 */
export function Carousel({ postId, images }: { postId: number; images: Image[] }) {
  const hydrated = useHydrated();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const settle = useRef<ReturnType<typeof setTimeout>>();
  const count = images.length;
  const itemId = (position: number) => `post-${postId}-photo-${position + 1}`;

  function show(position: number) {
    const next = ((position % count) + count) % count;
    const element = track.current;
    if (element) element.scrollTo({ left: next * element.clientWidth, behavior: "smooth" });
    setIndex(next);
  }

  // A swipe moves the counter once the strip comes to rest: reading it on every scroll
  // event would let a smooth scroll's in-between positions undo a Previous/Next press.
  function onScroll(event: UIEvent<HTMLDivElement>) {
    const element = event.currentTarget;
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      if (element.clientWidth) setIndex(Math.round(element.scrollLeft / element.clientWidth));
    }, 150);
  }

  useEffect(() => () => clearTimeout(settle.current), []);

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label="Photos">
      <div
        className="carousel-track"
        ref={track}
        // Scrolled by the keyboard's arrows once focused (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={onScroll}
      >
        {images.map((image, position) => (
          <figure key={image.id} id={itemId(position)} className="carousel-item" aria-label={`Photo ${position + 1} of ${count}`}>
            <a href={image.url}>
              <img src={image.url} alt={image.name} loading="lazy" />
            </a>
          </figure>
        ))}
      </div>
      {count > 1 ? (
        <>
          {hydrated ? (
            <div className="carousel-controls">
              <button type="button" className="button button--secondary button--small" onClick={() => show(index - 1)} aria-label="Previous photo">
                ‹
              </button>
              <span aria-live="polite">
                {index + 1} / {count}
              </span>
              <button type="button" className="button button--secondary button--small" onClick={() => show(index + 1)} aria-label="Next photo">
                ›
              </button>
            </div>
          ) : null}
          <ul className="carousel-thumbs">
            {images.map((image, position) => (
              <li key={image.id}>
                <a
                  href={`#${itemId(position)}`}
                  aria-current={hydrated && position === index ? "true" : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    show(position);
                  }}
                >
                  <img src={image.thumbnailUrl ?? image.url} alt={`Show photo ${position + 1}`} width={100} height={100} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
