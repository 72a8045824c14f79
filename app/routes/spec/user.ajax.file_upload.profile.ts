import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { uploadMemberPhoto } from "~/routes/settings/photo-upload.server";

export async function loader() {
  return redirect("/user/settings/photos");
}

export async function action({ request }: ActionFunctionArgs) {
  return uploadMemberPhoto(request, "profile");
}
