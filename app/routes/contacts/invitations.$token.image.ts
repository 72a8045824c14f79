import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { invitationImage } from "~/features/invitations/invitations.server";
import { storage } from "~/lib/storage.server";

/** The invite image, for the sign-up page of a working invitation link (the invitee is not a
 * member yet, so /user/files is closed to them). The link's token is the only key: once it
 * is used, replaced or expired, the image is gone from here. */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = await invitationImage(params.token ?? "");
  const size = file ? await storage().size(file.storage_key) : null;
  if (!file || size === null) throw new Response("Not found", { status: 404 });
  return new Response(Readable.toWeb(storage().read(file.storage_key)) as ReadableStream, {
    headers: {
      "Content-Type": file.media_type,
      "Content-Length": String(size),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
