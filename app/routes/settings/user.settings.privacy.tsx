import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { inDirectory, setInDirectory } from "~/features/social/directory.server";
import { DirectorySettingSchema } from "~/features/social/schema";
import { badRequest } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ inDirectory: await inDirectory(member.id) });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = DirectorySettingSchema.safeParse({ in_directory: (await request.formData()).getAll("in_directory") });
  if (!form.success) badRequest("in_directory must be 1 or 0");
  const listed = form.data.in_directory.includes("1");
  await setInDirectory(member.id, listed);
  return respond(
    request,
    { type: "success", message: listed ? "You are listed in the member directory." : "You are no longer listed in the member directory." },
    { to: "/user/settings/privacy" },
  );
}

export default function PrivacySettings() {
  const { inDirectory } = useLoaderData<typeof loader>();
  const pending = useIsPending();
  return (
    <Form method="post" className="card">
      <CsrfInput />
      <h2>Member directory</h2>
      <p>
        The <Link to="/user/members">member directory</Link> lists the club's members with their photo, member type, business, industry, city and &ldquo;Looking
        for&rdquo; question, so that members can find people they do not know yet.
      </p>
      <div className="field field--checkbox">
        {/* An unticked box sends nothing, so the hidden 0 says "leave me out"; a ticked box's 1 wins. */}
        <input type="hidden" name="in_directory" value="0" />
        <label>
          <input type="checkbox" name="in_directory" value="1" defaultChecked={inDirectory} /> List me in the member directory
        </label>
      </div>
      <p className="muted">Either way, members can still find you by name under Find members, and see your profile.</p>
      <div className="form-actions">
        <StatusButton pending={pending}>Save</StatusButton>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Privacy settings · Chapter" }];
