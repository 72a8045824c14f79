import { Link, useFetcher } from "@remix-run/react";
import { CsrfInput } from "~/ui/csrf-input";
import { ReactionIcon } from "./ReactionIcon";
import { REACTIONS, REMOVE_REACTION, withChoice, type ReactionSummary } from "./reactions";

/**
 * The reaction buttons of a post or a comment: Like, Celebrate, Insightful, each with its count,
 * the member's own pressed (aria-pressed; pressing it again takes it back), and a link to who
 * reacted. On a phone the words are for screen readers only (icons and counts fit one row
 * under a comment). With JS the choice shows at once (a fetcher) while the server saves it; without JS
 * the form posts and the page comes back at the same post or comment.
 */
export function ReactionButtons({
  summary,
  action,
  whoPath,
  subject,
  id,
}: {
  summary: ReactionSummary;
  /** Where the form posts (".../react"). */
  action: string;
  /** The dialog of who reacted. */
  whoPath: string;
  /** What is reacted to, for screen readers: "the post of Ada Lovelace". */
  subject: string;
  id: string;
}) {
  const fetcher = useFetcher();
  const choice = fetcher.formData?.get("reaction");
  const shown = withChoice(summary, typeof choice === "string" ? choice : null);
  return (
    <div className="reactions" id={id} role="group" aria-label={`Reactions to ${subject}`}>
      <fetcher.Form method="post" action={action} className="reaction-form" preventScrollReset>
        <CsrfInput />
        {REACTIONS.map((reaction) => {
          const pressed = shown.mine === reaction.kind;
          const count = shown.counts[reaction.kind];
          return (
            <button
              key={reaction.kind}
              type="submit"
              name="reaction"
              value={pressed ? REMOVE_REACTION : reaction.kind}
              aria-pressed={pressed}
              className={`button button--small reaction-button${pressed ? " reaction-button--on" : " button--secondary"}`}
              title={pressed ? "Press again to take your reaction back" : undefined}
            >
              <ReactionIcon kind={reaction.kind} /> <span className="reaction-label">{reaction.label}</span>
              {count ? <span className="reaction-count"> {count}</span> : null}
            </button>
          );
        })}
      </fetcher.Form>
      {shown.total ? (
        <Link to={whoPath} className="reaction-who" preventScrollReset>
          {shown.total === 1 ? "1 reaction" : `${shown.total} reactions`}
        </Link>
      ) : null}
    </div>
  );
}
