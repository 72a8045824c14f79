import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { PostCard } from "./PostCard";
import type { PostView } from "./posts.server";
import { EmptyState } from "~/ui/empty-state";

type Page = { posts: PostView[]; nextBefore: number | null };

/**
 * A page of posts and "Load more". Without JS "Load more" is a link to the next page
 * (?before=<id>); with JS it loads that page with a fetcher and appends it. Each appended page
 * keeps its own fetcher, so Remix reloads it after a comment or a deletion like the rest.
 */
export function PostList({ page, path, back, empty }: { page: Page; path: string; back: string; empty: string }) {
  if (page.posts.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className="post-list">
      {page.posts.map((post) => (
        <PostCard key={post.id} post={post} back={back} />
      ))}
      <More before={page.nextBefore} path={path} back={back} />
    </div>
  );
}

function More({ before, path, back }: { before: number | null; path: string; back: string }) {
  const fetcher = useFetcher<Page>();
  const [asked, setAsked] = useState(false);
  if (!before) return null;
  const href = `${path}?before=${before}`;
  if (asked && fetcher.data) {
    return (
      <>
        {fetcher.data.posts.map((post) => (
          <PostCard key={post.id} post={post} back={back} />
        ))}
        <More before={fetcher.data.nextBefore} path={path} back={back} />
      </>
    );
  }
  return (
    <p className="load-more">
      <Link
        to={href}
        className="button button--secondary"
        onClick={(event) => {
          event.preventDefault();
          setAsked(true);
          fetcher.load(href);
        }}
        aria-disabled={fetcher.state !== "idle" || undefined}
      >
        {fetcher.state !== "idle" ? "Loading..." : "Load more"}
      </Link>
    </p>
  );
}
