import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { memberDataZip } from "~/features/account/export-sections.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { requireMember } from "~/lib/session.server";

/** Everything the signed-in member owns, as one zip, streamed as it is written. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const zip = await memberDataZip(member.id, await publicOrigin(request));
  const date = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="chapter-my-data-${date}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
