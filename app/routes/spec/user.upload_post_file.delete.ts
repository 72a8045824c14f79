import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { deletePostUpload } from "~/routes/timeline/post-files.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  notFound();
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return deletePostUpload(request, member);
}
