import type { ReactionKind } from "~/lib/db-schema";

// The reactions a member may give a post or a comment (no zod: the timeline's page loads it).

export type { ReactionKind };

export const REACTIONS: { kind: ReactionKind; label: string }[] = [
  { kind: "like", label: "Like" },
  { kind: "celebrate", label: "Celebrate" },
  { kind: "insightful", label: "Insightful" },
];

export const REACTION_KINDS = REACTIONS.map((reaction) => reaction.kind);

/** What a post or a comment shows of its reactions: how many of each, and the viewer's own. */
export type ReactionSummary = { counts: Record<ReactionKind, number>; total: number; mine: ReactionKind | null };

export function noReactions(): ReactionSummary {
  return { counts: { like: 0, celebrate: 0, insightful: 0 }, total: 0, mine: null };
}

export function isReactionKind(value: unknown): value is ReactionKind {
  return typeof value === "string" && (REACTION_KINDS as string[]).includes(value);
}

/** The form's value for "take my reaction back" (sent by the pressed button). */
export const REMOVE_REACTION = "remove";

/** The summary as it will be once the viewer's choice (a kind, or REMOVE_REACTION) is saved:
 * what the buttons show while the fetcher is on its way. */
export function withChoice(summary: ReactionSummary, choice: string | null | undefined): ReactionSummary {
  if (!choice) return summary;
  const next: ReactionSummary = { counts: { ...summary.counts }, total: summary.total, mine: isReactionKind(choice) ? choice : null };
  if (summary.mine) {
    next.counts[summary.mine] = Math.max(0, next.counts[summary.mine] - 1);
    next.total -= 1;
  }
  if (next.mine) {
    next.counts[next.mine] += 1;
    next.total += 1;
  }
  return next;
}
