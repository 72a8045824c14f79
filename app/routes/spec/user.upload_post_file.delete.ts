import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deletePostUpload } from "~/features/timeline/post-upload.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  throw new Response("Not found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return deletePostUpload(request, member);
}
