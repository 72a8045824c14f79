import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FriendButton } from "~/features/social/FriendButton";
import { MemberSearch } from "~/features/social/MemberSearch";
import { searchMembers } from "~/features/social/member-search.server";
import { QuestionLabel } from "~/features/social/question";
import { MemberSearchQuerySchema } from "~/features/social/schema";
import { requireValid } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { Avatar } from "~/ui/avatar";

const PAGE_RESULTS = 30;

/** The member search results page (the autocomplete's items are /search_contacts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { q } = requireValid(new URL(request.url).searchParams, MemberSearchQuerySchema);
  return json({ q, results: await searchMembers(member.id, q, PAGE_RESULTS) });
}

export default function MemberSearchPage() {
  const { q, results } = useLoaderData<typeof loader>();
  return (
    <section className="member-search-page">
      <h1>Find members</h1>
      <MemberSearch defaultValue={q} />
      {q.trim() === "" ? (
        <p className="muted">Type the beginning of a member's first or last name.</p>
      ) : results.length === 0 ? (
        <p>No member found for “{q}”.</p>
      ) : (
        <ul className="member-results" aria-label="Members found">
          {results.map((item) => (
            <li key={item.id} className="member-result" data-testid="member-result">
              <Avatar name={item.name} url={item.profile_image} />
              <div className="member-result-text">
                <Link to={item.url} className="member-result-name">
                  {item.name}
                </Link>
                {item.question ? (
                  <p className="member-question">
                    <QuestionLabel question={item.question} />
                    {item.question}
                  </p>
                ) : null}
              </div>
              <FriendButton memberId={item.id} name={item.name} state={item.friend_status} addLabel="Connect" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Find members · Chapter" }];
