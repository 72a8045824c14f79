import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { PostList } from "~/features/timeline/PostList";
import { listPosts } from "~/features/timeline/posts.server";
import { parseId } from "~/lib/http.server";
import { pageData } from "~/lib/page-data.server";
import { requireMember } from "~/lib/session.server";
import { pageKind } from "~/ui/page-kind";

/** SPEC.md §1 Timeline: the posts the member may see, newest first, 20 at a time. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const before = parseId(new URL(request.url).searchParams.get("before"));
  const page = await listPosts(member.id, { before });
  return pageData({ ...page, older: Boolean(before) });
}

export default function Timeline() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="timeline">
      <div className="page-header">
        <h1>Timeline</h1>
        <Link to="/user/timeline/post/new" className="button" preventScrollReset>
          Write a post
        </Link>
      </div>
      {page.older ? (
        <p>
          <Link to="/user/timeline">Back to the newest posts</Link>
        </p>
      ) : null}
      <PostList page={page} path="/user/timeline" back="/user/timeline" empty="No posts yet. Write the first one!" />
      <Outlet />
    </div>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction = () => [{ title: "Timeline · Chapter" }];
