import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { digestSubscriber, setWeeklyDigest } from "~/features/digest/subscription.server";
import { notFound } from "~/lib/http.server";
import { CsrfInput } from "~/ui/csrf-input";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** "a•••@example.com": enough for a member to know the account, not enough to give it away
 * to whoever else reads a forwarded link. */
function masked(email: string) {
  const at = email.lastIndexOf("@");
  return at > 0 ? `${email[0]}•••${email.slice(at)}` : "•••";
}

// The digest's own link: it works without signing in. Opening it changes nothing (mail
// scanners open links); the button does, with the page's anti-forgery token.
export async function loader({ params }: LoaderFunctionArgs) {
  const subscriber = await digestSubscriber(params.token ?? "");
  if (!subscriber) notFound();
  return json({ email: masked(subscriber.email), on: subscriber.on });
}

export async function action({ params }: ActionFunctionArgs) {
  const subscriber = await digestSubscriber(params.token ?? "");
  if (!subscriber) notFound();
  await setWeeklyDigest(subscriber.id, false);
  return json({ stopped: true });
}

export default function DigestUnsubscribe() {
  const { email, on } = useLoaderData<typeof loader>();
  const stopped = useActionData<typeof action>()?.stopped ?? !on;
  const pending = useIsPending();
  return (
    <div className="card narrow">
      <h1>The weekly digest</h1>
      {stopped ? (
        <>
          <p role="status">The weekly digest is no longer e-mailed to {email}.</p>
          <p>
            Changed your mind? Turn it back on in <Link to="/user/settings/notifications">your notification settings</Link> (you will be asked to sign in).
          </p>
        </>
      ) : (
        <Form method="post">
          <CsrfInput />
          <p>
            Once a week, {email} gets an e-mail of what happened in the club: new members, coming events, your friends' posts and the referrals waiting for you.
          </p>
          <div className="form-actions">
            <StatusButton pending={pending}>Stop the weekly digest</StatusButton>
          </div>
        </Form>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Weekly digest · Chapter" }, { name: "robots", content: "noindex" }];
