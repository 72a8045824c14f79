import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/** SPEC.md: "News ticker speed 0.03", in pixels per millisecond (30 px/s). */
export const TICKER_SPEED_PX_PER_MS = 0.03;

type Announcement = { id: number; message: string; link_url: string | null };

function Items({ announcements, hidden = false }: { announcements: Announcement[]; hidden?: boolean }) {
  return (
    <ul className="ticker-list" aria-hidden={hidden || undefined}>
      {announcements.map((announcement) => (
        <li key={announcement.id}>
          {announcement.link_url === null ? (
            announcement.message
          ) : announcement.link_url.startsWith("/") ? (
            <Link to={announcement.link_url} tabIndex={hidden ? -1 : undefined}>
              {announcement.message}
            </Link>
          ) : (
            <a href={announcement.link_url} rel="noopener noreferrer" tabIndex={hidden ? -1 : undefined}>
              {announcement.message}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** True once JS runs and the member has not asked for reduced motion (and follows changes). */
function useMotionAllowed() {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setAllowed(!query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return allowed;
}

/**
 * The announcements across the top of the app. The server renders a static list (also what
 * members without JS or with reduced motion keep); with JS and motion allowed the list scrolls
 * continuously at SPEC.md's speed, and stops while hovered or focused.
 */
export function NewsTicker({ announcements }: { announcements: Announcement[] }) {
  const motion = useMotionAllowed();
  const [paused, setPaused] = useState(false);
  const trackRef = useRef<HTMLDivElement>(null);
  const animated = motion && announcements.length > 0;

  useEffect(() => {
    const track = trackRef.current;
    const first = track?.firstElementChild as HTMLElement | null;
    if (!animated || !track || !first) return;
    // The track holds the list twice and moves by one copy's width per loop, so the duration
    // is that width at the ticker's speed. (Set from script: the CSP forbids style attributes.)
    const measure = () => {
      const width = first.getBoundingClientRect().width;
      track.style.setProperty("--ticker-duration", `${Math.round(width / TICKER_SPEED_PX_PER_MS)}ms`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(first);
    return () => observer.disconnect();
  }, [animated, announcements]);

  if (announcements.length === 0) return null;
  return (
    <section className={`ticker${animated ? " ticker--animated" : ""}${paused ? " ticker--paused" : ""}`} aria-label="News">
      <div className="ticker-track" ref={trackRef}>
        <Items announcements={announcements} />
        {animated ? <Items announcements={announcements} hidden /> : null}
      </div>
      {animated ? (
        // WCAG 2.2.2: moving content can be paused for good, not only while hovered.
        <button type="button" className="ticker-toggle" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? "Play" : "Pause"}
          <span className="visually-hidden"> the news</span>
        </button>
      ) : null}
    </section>
  );
}
