import { type Light, LIGHT_WORDS } from "./engagement";

/** A member's engagement light: its colour and, always, its words. */
export function EngagementLight({ light }: { light: Light }) {
  return (
    <span className={`engagement-light engagement-light--${light}`} data-testid="engagement-light" data-light={light}>
      {LIGHT_WORDS[light]}
    </span>
  );
}
