import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { enableMember, findAccount, searchMembers } from "~/features/members/admin-members.server";
import { membershipBadges } from "~/features/membership/membership.server";
import { engagementOfMembers } from "~/features/referrals/engagement.server";
import { EngagementLight } from "~/features/referrals/EngagementLight";
import { EnableMemberSchema } from "~/features/members/schema";
import { membersWithTwoFactor } from "~/features/members/two-factor.server";
import { badRequest, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireAdmin } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { StatusButton } from "~/ui/status-button";
import { Pager } from "~/ui/pager";
import { SearchForm } from "~/ui/search-form";
import { requestedPage } from "~/lib/paging";
import { ListTable } from "~/ui/list-table";
import { RowMenu } from "~/ui/row-menu";
import { ViewerTime } from "~/ui/viewer-time";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  // ?light=red: only the members whose engagement light is red (for example before renewals).
  const reds = params.get("light") === "red";
  const { engagement } = await engagementOfMembers();
  const onlyIds = reds ? [...engagement].filter(([, member]) => member.light === "red").map(([id]) => id) : undefined;
  const result = await searchMembers({ q, page: requestedPage(params), onlyIds });
  const ids = result.members.map((member) => member.id);
  const [badges, withTwoFactor] = await Promise.all([membershipBadges(ids), membersWithTwoFactor(ids)]);
  return json({
    q,
    reds,
    ...result,
    members: result.members.map((member) => ({
      ...member,
      you: member.id === admin.id,
      membership: badges.get(member.id) ?? null,
      twoFactor: withTwoFactor.has(member.id),
      light: engagement.get(member.id)?.light ?? null,
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = EnableMemberSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) badRequest("Unknown action");
  const account = await requireFound(form.data.memberId, findAccount);
  await enableMember(account.id);
  return respond(
    request,
    { type: "success", message: `${account.name}'s account is enabled; they can sign in again.` },
    { to: `/user/admin/members${new URL(request.url).search}` },
  );
}

function pageLink(q: string, page: number, reds: boolean) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (reds) params.set("light", "red");
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : ".";
}

function MemberSearchForm({ q, reds }: { q: string; reds: boolean }) {
  return (
    <SearchForm className="search-form">
      {reds ? <input type="hidden" name="light" value="red" /> : null}
      <label htmlFor="member-search">Name or e-mail</label>
      <input id="member-search" type="search" name="q" defaultValue={q} maxLength={200} />
      <button type="submit" className="button button--secondary">
        Search
      </button>
    </SearchForm>
  );
}

export default function Members() {
  const { q, reds, members, total, page, pageCount } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const enabling = navigation.formData?.get("intent") === "enable" ? navigation.formData.get("memberId") : null;

  return (
    <section className="card" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      <MemberSearchForm q={q} reds={reds} />
      <nav className="engagement-filter" aria-label="Engagement">
        <Link
          to={pageLink(q, 1, false)}
          className={reds ? "button button--small button--secondary" : "button button--small"}
          aria-current={reds ? undefined : "page"}
        >
          All members
        </Link>
        <Link
          to={pageLink(q, 1, true)}
          className={reds ? "button button--small" : "button button--small button--secondary"}
          aria-current={reds ? "page" : undefined}
        >
          Red lights only
        </Link>
      </nav>
      <p className="muted" role="status">
        {total === 0
          ? reds
            ? `No member${q ? ` matching “${q}”` : ""} has a red light.`
            : q
              ? `No member matches “${q}”.`
              : "No members yet."
          : `${total} ${total === 1 ? "member" : "members"}${reds ? " with a red light" : ""}${q ? ` matching “${q}”` : ""}.`}
      </p>
      {members.length > 0 ? (
        <ListTable headings={["Name", "E-mail", "Member type", "Role", "Joined", "Engagement", "Status"]} actions="Actions" className="list--whole-words">
          {members.map((member) => (
            <tr key={member.id} data-testid="member-row">
              <td>
                {member.name}
                {member.membership ? (
                  <>
                    {" "}
                    <span className="badge badge--package">{member.membership}</span>
                  </>
                ) : null}
              </td>
              <td data-label="E-mail">{member.email}</td>
              <td data-label="Member type">{member.memberTypeLabel}</td>
              <td data-label="Role">{member.role === "admin" ? "Admin" : "Member"}</td>
              <td data-label="Joined">
                <ViewerTime value={member.created_at} dateOnly />
              </td>
              <td data-label="Engagement">{member.light ? <EngagementLight light={member.light} /> : <span className="muted">None (disabled)</span>}</td>
              <td data-label="Status">
                {member.disabled_at ? (
                  <>
                    Disabled since <ViewerTime value={member.disabled_at} dateOnly />
                  </>
                ) : (
                  "Active"
                )}
              </td>
              <td className="cell-action">
                {member.you ? (
                  <span className="muted">You</span>
                ) : (
                  <>
                    {member.disabled_at ? (
                      <Form method="post" preventScrollReset>
                        <CsrfInput />
                        <input type="hidden" name="memberId" value={member.id} />
                        <StatusButton
                          pending={enabling === String(member.id)}
                          name="intent"
                          value="enable"
                          className="button--small button--secondary"
                          aria-label={`Enable ${member.name}`}
                        >
                          Enable
                        </StatusButton>
                      </Form>
                    ) : null}
                    {/* Disable and Reset two-factor in the row's menu, one under the other and
                        set apart: side by side as links a thumb hit the wrong one. */}
                    {member.twoFactor || !member.disabled_at ? (
                      <RowMenu name={member.name}>
                        {member.twoFactor ? (
                          <li>
                            <Link to={`${member.id}/two-factor-reset${search}`} preventScrollReset aria-label={`Reset two-factor sign-in of ${member.name}`}>
                              Reset two-factor sign-in
                            </Link>
                          </li>
                        ) : null}
                        {member.disabled_at ? null : (
                          <li className={member.twoFactor ? "menu-separator" : undefined}>
                            <Link to={`${member.id}/disable${search}`} preventScrollReset className="menu-danger" aria-label={`Disable ${member.name}`}>
                              Disable
                            </Link>
                          </li>
                        )}
                      </RowMenu>
                    ) : null}
                  </>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      <Pager page={page} pages={pageCount} href={(target) => pageLink(q, target, reds)} />
      <Outlet />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Members · Admin · Chapter" }];
