import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Avatar } from "~/ui/avatar";
import { CsrfInput } from "~/ui/csrf-input";
import { useLinkClicks } from "~/ui/link-clicks";
import { RenderCache } from "~/ui/render-cache";
import { ViewerTime } from "~/ui/viewer-time";
import { Carousel } from "./Carousel";
import type { PostView } from "./posts.server";
import { COMMENT_MAX, PRIVACY_OPTIONS } from "./constants";
import { ReactionButtons } from "./ReactionButtons";

type Post = Omit<PostView, never>;

export const postPath = (id: number) => `/user/timeline/post/${id}`;
export const memberPath = (id: number) => `/user/members/${id}`;

function withBack(path: string, back: string) {
  return `${path}?${new URLSearchParams({ back })}`;
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** One post: author, time, message (text only: newlines kept, nothing in it runs), photos in
 * a carousel, videos in a player opened on click, and its comments with the comment form.
 * `back` is the page it is shown on, for the edit and delete dialogs (the post's and its
 * comments') to return to. */
export function PostCard({ post, back, allComments = false }: { post: Post; back: string; allComments?: boolean }) {
  // The post's elements are made inside PostArticle, so that a post the server kept as HTML
  // (RenderCache) makes none of them: made here, a timeline page made some 15 elements a post
  // on every request, only for the kept HTML to be sent instead.
  return (
    <RenderCache parts={[post, back, allComments]}>
      <PostArticle post={post} back={back} allComments={allComments} />
    </RenderCache>
  );
}

function PostArticle({ post, back, allComments }: { post: Post; back: string; allComments: boolean }) {
  const images = post.files.filter((file) => file.family === "image");
  const videos = post.files.filter((file) => file.family === "video");
  const privacy = PRIVACY_OPTIONS.find((option) => option.value === post.privacy)?.label;
  // The links to members and to the post are plain anchors followed by this one handler
  // (ui/link-clicks.ts); the dialogs' links (Edit, Delete) stay <Link>s, which keep the scroll.
  const followLink = useLinkClicks();
  return (
    <article className="card post" id={`post-${post.id}`} aria-labelledby={`post-${post.id}-author`} onClick={followLink}>
      <header className="post-header">
        <a tabIndex={-1} aria-hidden="true" data-discover="true" href={memberPath(post.author.id)}>
          <Avatar name={post.author.name} url={post.author.avatarUrl} size={40} />
        </a>
        <div className="post-meta">
          {/* The post's heading (its comments' heading is an h3 under it): the author. */}
          <h2 className="post-author-heading">
            <a id={`post-${post.id}-author`} className="post-author" data-discover="true" href={memberPath(post.author.id)}>
              {post.author.name}
            </a>
          </h2>
          <span className="muted">
            <a className="post-time" data-discover="true" href={postPath(post.id)}>
              <ViewerTime value={post.createdAt} />
            </a>
            {post.edited ? " · edited" : null} · <span className="post-privacy">{privacy}</span>
          </span>
        </div>
        {post.mine ? (
          <div className="post-actions">
            <Link to={withBack(`${postPath(post.id)}/edit`, back)} className="button button--secondary button--small" preventScrollReset>
              Edit
            </Link>
            <Link to={withBack(`${postPath(post.id)}/delete`, back)} className="button button--secondary button--danger button--small" preventScrollReset>
              Delete
            </Link>
          </div>
        ) : null}
      </header>
      {post.message ? <p className="post-message">{post.message}</p> : null}
      {images.length ? <Carousel postId={post.id} images={images} /> : null}
      {videos.length ? (
        <ul className="post-videos">
          {videos.map((video) => (
            <li key={video.id}>
              {/* The player loads nothing until it is opened (SPEC.md §1: opened on click). */}
              <details
                className="post-video"
                onToggle={(event) => {
                  // With JS, opening it starts the video: one click, as SPEC.md's player.
                  const player = event.currentTarget.querySelector("video");
                  if (event.currentTarget.open) player?.play().catch(() => undefined);
                  else player?.pause();
                }}
              >
                <summary>▶ Play {video.name}</summary>
                <video controls preload="none" src={video.url} />
              </details>
            </li>
          ))}
        </ul>
      ) : null}
      <ReactionButtons
        summary={post.reactions}
        action={`${postPath(post.id)}/react`}
        whoPath={withBack(`${postPath(post.id)}/reactions`, back)}
        subject={`the post of ${post.author.name}`}
        id={`post-${post.id}-reactions`}
      />
      <Comments post={post} back={back} allComments={allComments} />
    </article>
  );
}

function Comments({ post, back, allComments }: { post: Post; back: string; allComments: boolean }) {
  const fetcher = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      formRef.current?.reset();
    }
  }, [fetcher.state]);
  const hidden = post.commentCount - post.comments.length;
  return (
    <section className="post-comments" aria-label={`Comments on the post of ${post.author.name}`} id={`post-${post.id}-comments`}>
      <h3 className="post-comment-count">{plural(post.commentCount, "comment", "comments")}</h3>
      {hidden > 0 && !allComments ? (
        <p>
          <a data-discover="true" href={`${postPath(post.id)}#comments`}>
            View all {plural(post.commentCount, "comment", "comments")}
          </a>
        </p>
      ) : null}
      {post.comments.length ? (
        <ol className="comment-list">
          {post.comments.map((comment) => (
            <li key={comment.id} className="comment" id={`comment-${comment.id}`}>
              <Avatar name={comment.authorName} url={comment.avatarUrl} size={32} />
              <div className="comment-body">
                <p className="comment-meta">
                  <a data-discover="true" href={memberPath(comment.authorId)}>
                    {comment.authorName}
                  </a>{" "}
                  <span className="muted">
                    <ViewerTime value={comment.createdAt} />
                  </span>
                </p>
                <p className="comment-message">{comment.message}</p>
                <ReactionButtons
                  summary={comment.reactions}
                  action={`${postPath(post.id)}/comments/${comment.id}/react`}
                  whoPath={withBack(`${postPath(post.id)}/comments/${comment.id}/reactions`, back)}
                  subject={`the comment of ${comment.authorName}`}
                  id={`comment-${comment.id}-reactions`}
                />
              </div>
              {comment.canDelete ? (
                <Link
                  to={withBack(`${postPath(post.id)}/comments/${comment.id}/delete`, back)}
                  className="button button--secondary button--small"
                  aria-label={`Delete the comment of ${comment.authorName}`}
                  preventScrollReset
                >
                  Delete
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <fetcher.Form method="post" action={`${postPath(post.id)}/comment`} className="comment-form" ref={formRef}>
        <CsrfInput />
        <label htmlFor={`comment-${post.id}`} className="visually-hidden">
          Write a comment
        </label>
        <textarea id={`comment-${post.id}`} name="message" rows={2} required maxLength={COMMENT_MAX} placeholder="Write a comment…" />
        <button type="submit" className="button button--small" disabled={fetcher.state !== "idle"}>
          Comment
        </button>
      </fetcher.Form>
    </section>
  );
}
