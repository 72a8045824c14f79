import { isRouteErrorResponse, useRouteError, useSearchParams } from "@remix-run/react";
import { RouteDialog } from "./route-dialog";

// An error shows where it happened: a dialog route's error inside the dialog, over the page
// behind it; an area page's error inside the member area's shell. What a member reads is the
// answer's own message for a 4xx and an apology otherwise, never a stack.

export function errorText(error: unknown, { notFound = "Page not found" } = {}) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { title: notFound, detail: "There is nothing here, or it is not yours to see." };
    if (error.status === 403) {
      return { title: "Not allowed", detail: typeof error.data === "string" ? error.data : "You may not do that." };
    }
    if (error.status === 405) return { title: "Not allowed", detail: "That page cannot be used this way." };
    if (error.status < 500) {
      return { title: "Something is wrong with that request", detail: typeof error.data === "string" ? error.data : "" };
    }
  }
  return { title: "Something went wrong", detail: "Sorry: it was our fault, not yours. Please try again in a moment." };
}

/** The error, logged on whichever side caught it when it is not an answer the app gave. */
function useReportedError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return error;
}

/** The error as a page section (the root's and the member area's error pages). */
export function ErrorPage({ error }: { error: unknown }) {
  const { title, detail } = errorText(error);
  return (
    <section className="error-page">
      <h1>{title}</h1>
      {detail ? <p>{detail}</p> : null}
      <p>
        <a href="/">Go to the start page</a>
      </p>
    </section>
  );
}

/** A dialog route's `?back=` when it is a path of this site, else null. */
function localPath(back: string | null) {
  return back && back.startsWith("/") && !back.startsWith("//") && !back.startsWith("/\\") ? back : null;
}

/**
 * A dialog route's ErrorBoundary (`export { DialogErrorBoundary as ErrorBoundary } from
 * "~/ui/error-boundary"`): the error inside the dialog, which closes to the page behind it
 * (the route's `?back=` when it has one), so the page stays as it was.
 */
export function DialogErrorBoundary() {
  const error = useReportedError();
  const [searchParams] = useSearchParams();
  const { title, detail } = errorText(error, { notFound: "Not found" });
  return (
    <RouteDialog title={title} closeTo={localPath(searchParams.get("back")) ?? ".."} size="small">
      {detail ? <p>{detail}</p> : null}
    </RouteDialog>
  );
}

/** The member area's and its area pages' ErrorBoundary: the error in place of the failing
 * page, inside the shell and the area's navigation. */
export function AreaErrorBoundary() {
  return <ErrorPage error={useReportedError()} />;
}
