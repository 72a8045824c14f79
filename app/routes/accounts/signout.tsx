import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endSession } from "~/lib/session.server";

// Signing out changes state, so it is a POST (with the anti-forgery token) only.
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return endSession(request, { type: "info", message: "You are signed out." });
}
