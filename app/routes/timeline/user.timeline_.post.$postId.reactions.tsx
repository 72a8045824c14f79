import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReactorsDialog } from "~/features/timeline/ReactorsDialog";
import { reactorsLoader } from "./reaction-actions.server";

/** Who reacted to the post, over the post's page; 404 unless the member may see the post. */
export const loader = reactorsLoader;

export default function Reactors() {
  const { title, reactors, closeTo } = useLoaderData<typeof loader>();
  return <ReactorsDialog title={title} reactors={reactors} closeTo={closeTo} />;
}

export const meta: MetaFunction = () => [{ title: "Reactions · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
