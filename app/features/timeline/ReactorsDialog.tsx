import { Link } from "@remix-run/react";
import { Avatar } from "~/ui/avatar";
import { RouteDialog } from "~/ui/route-dialog";
import { ReactionIcon } from "./ReactionIcon";
import { REACTIONS, type ReactionKind } from "./reactions";

export type Reactor = { id: number; name: string; avatarUrl: string | null; kind: ReactionKind };

/** Who reacted to a post or a comment, and how: the count of each reaction, then the members,
 * newest first. A dialog over the post's page (a link, so it opens without JavaScript). */
export function ReactorsDialog({ title, reactors, closeTo }: { title: string; reactors: Reactor[]; closeTo: string }) {
  return (
    <RouteDialog title={title} closeTo={closeTo} size="small">
      {reactors.length === 0 ? (
        <p className="muted">No reactions yet.</p>
      ) : (
        <>
          <p className="reactor-totals">
            {REACTIONS.map((reaction) => ({ ...reaction, count: reactors.filter((reactor) => reactor.kind === reaction.kind).length }))
              .filter((reaction) => reaction.count > 0)
              .map((reaction) => (
                <span key={reaction.kind} className="reactor-total">
                  <ReactionIcon kind={reaction.kind} /> {reaction.label}: {reaction.count}
                </span>
              ))}
          </p>
          <ul className="reactor-list" data-testid="reactors">
            {reactors.map((reactor) => {
              const reaction = REACTIONS.find((each) => each.kind === reactor.kind)!;
              return (
                <li key={reactor.id}>
                  <Avatar name={reactor.name} url={reactor.avatarUrl} size={40} />
                  <Link to={`/user/members/${reactor.id}`} className="reactor-name">
                    {reactor.name}
                  </Link>
                  <span className="reactor-kind">
                    <ReactionIcon kind={reaction.kind} /> {reaction.label}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </RouteDialog>
  );
}
