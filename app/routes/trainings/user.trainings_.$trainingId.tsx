import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { placesLabel } from "~/features/trainings/constants";
import { trainingWhen } from "~/features/trainings/TrainingList";
import { getTraining, registerForTraining, registrantsOf, unregisterFromTraining } from "~/features/trainings/trainings.server";
import { badRequest, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { DetailPageHeader } from "~/ui/detail-page-header";
import { pageKind } from "~/ui/page-kind";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { ViewerTime } from "~/ui/viewer-time";

export const handle = pageKind("reading");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const training = await requireFound(params.trainingId, (id) => getTraining(id, member.id));
  const registrants = training.isCreator ? await registrantsOf(member.id, training.id) : [];
  return json({ training, registrants });
}

/** Register and unregister, by the `intent` of the button pressed. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const training = await requireFound(params.trainingId, (id) => getTraining(id, member.id));
  const intent = (await request.formData()).get("intent");
  const to = `/user/trainings/${training.id}`;
  if (intent === "register") {
    const registration = await registerForTraining(member.id, training.id);
    if (!registration.ok) return respond(request, { type: "error", message: registration.message }, { to, status: registration.status });
    return respond(request, { type: "success", message: `You are registered for ${training.title}.` }, { to });
  }
  if (intent === "unregister") {
    if (training.started) return respond(request, { type: "error", message: "This training has started: you can no longer unregister." }, { to, status: 409 });
    if (!(await unregisterFromTraining(member.id, training.id))) {
      return respond(request, { type: "info", message: "You were not registered for this training." }, { to, status: 409 });
    }
    return respond(request, { type: "success", message: `You are no longer registered for ${training.title}.` }, { to });
  }
  badRequest("Choose to register or to unregister.");
}

export default function TrainingPage() {
  const { training, registrants } = useLoaderData<typeof loader>();
  const pending = useIsPending();
  const full = training.capacity !== null && training.taken >= training.capacity;
  return (
    <>
      <DetailPageHeader back="/user/trainings" backLabel="All trainings" title={training.title}>
        {training.isCreator ? (
          <div className="form-actions">
            <Link to="edit" className="button button--secondary" preventScrollReset>
              Edit
            </Link>
            <Link to="delete" className="button button--secondary button--danger" preventScrollReset>
              Delete
            </Link>
          </div>
        ) : null}
      </DetailPageHeader>
      <article className="card">
        {training.imageUrl ? <img src={training.imageUrl} alt="" loading="lazy" decoding="async" /> : null}
        {training.videoUrl ? <video controls preload="none" src={training.videoUrl} className="training-video" /> : null}
        <dl className="details">
          <dt>When</dt>
          <dd>{trainingWhen(training, training.timeZone)}</dd>
          <dt>Trainer</dt>
          <dd>{training.trainer_name}</dd>
          {training.place ? (
            <>
              <dt>Place</dt>
              <dd>{training.place}</dd>
            </>
          ) : null}
          {training.online_link ? (
            <>
              <dt>Online</dt>
              <dd>
                <a href={training.online_link} rel="noopener noreferrer nofollow" target="_blank">
                  {training.online_link}
                </a>
              </dd>
            </>
          ) : null}
          <dt>Places</dt>
          <dd data-testid="places">{placesLabel(training.capacity, training.taken)}</dd>
          <dt>Offered by</dt>
          <dd>{training.creator_name}</dd>
        </dl>
        {training.description ? <p className="prewrap">{training.description}</p> : null}
        <Form method="post" className="form-actions">
          <CsrfInput />
          {training.registered ? (
            <>
              <p>You are registered.</p>
              <StatusButton pending={pending} name="intent" value="unregister" className="button--secondary" disabled={training.started}>
                Unregister
              </StatusButton>
            </>
          ) : training.started ? (
            <p className="muted">This training has started: registration is closed.</p>
          ) : full ? (
            <p className="muted">This training is full.</p>
          ) : (
            <StatusButton pending={pending} name="intent" value="register">
              Register
            </StatusButton>
          )}
        </Form>
      </article>
      {training.isCreator ? (
        <section className="card" aria-labelledby="registered-heading">
          <h2 id="registered-heading">Registered ({registrants.length})</h2>
          {registrants.length ? (
            <ul aria-label="Registered members">
              {registrants.map((registrant) => (
                <li key={registrant.id}>
                  {registrant.name}{" "}
                  <span className="muted">
                    · {registrant.email} · registered <ViewerTime value={registrant.created_at} />
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nobody has registered yet.</p>
          )}
        </section>
      ) : null}
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.training.title ?? "Training"} · Chapter` }];
