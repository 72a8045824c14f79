import type { LoaderFunctionArgs } from "@remix-run/node";
import { findReadableFile } from "~/features/files/access.server";
import { fileResponse } from "~/lib/files.server";
import { requireMember } from "~/lib/session.server";

/** Serves an uploaded file to a member who may see it; 404 for anyone else or anything gone.
 * A token's content never changes (replacing a file makes a new token), so it caches for good. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const file = await findReadableFile(params.token ?? "", member);
  if (!file) throw new Response("Not found", { status: 404 });
  return fileResponse(request, file);
}
