import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { PostCard, postPath } from "~/features/timeline/PostCard";
import { getPost } from "~/features/timeline/posts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { pageKind } from "~/ui/page-kind";

/** One post with all its comments (a direct link); 404 unless the member may see it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireFound(params.postId, (id) => getPost(member.id, id));
  return json({ post });
}

export default function PostPage() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <div className="timeline">
      <p>
        <Link to="/user/timeline">← Timeline</Link>
      </p>
      <h1 className="visually-hidden">Post of {post.author.name}</h1>
      <div id="comments">
        <PostCard post={post} back={postPath(post.id)} allComments />
      </div>
      <Outlet />
    </div>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Post of ${data.post.author.name} · Chapter` : "Post · Chapter" }];
