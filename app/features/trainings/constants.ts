// What the training form, cards and schema share. Components import this file, never the
// schema (zod stays on the server).

export const MAX_DURATION_MINUTES = 24 * 60;
export const MAX_CAPACITY = 10_000;

export const FULL = "This training is full.";
export const STARTED = "This training has started: registration is closed.";
export const PLACE_OR_LINK = "Enter a place or an online link.";

/** "1 h 30 min", "45 min": a duration as members read it. */
export function formatDuration(minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** "2 places left", "Full", "Unlimited places". */
export function placesLabel(capacity: number | null, taken: number) {
  if (capacity === null) return "Unlimited places";
  const left = Math.max(0, capacity - taken);
  if (!left) return "Full";
  return left === 1 ? "1 place left" : `${left} places left`;
}
