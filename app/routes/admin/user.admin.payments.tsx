import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { filtersSearch, listPayments, paymentFiltersFrom } from "~/features/payments/admin-payments.server";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, providerLabel, statusLabel } from "~/features/payments/labels";
import { formatMoney } from "~/lib/format";
import { requireAdmin } from "~/lib/session.server";
import { Pager } from "~/ui/pager";
import { SearchForm } from "~/ui/search-form";
import { requestedPage } from "~/lib/paging";
import { ListTable } from "~/ui/list-table";
import { ViewerTime } from "~/ui/viewer-time";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filters = paymentFiltersFrom(params);
  const result = await listPayments({ ...filters, page: requestedPage(params) });
  return json({ filters, ...result, csvUrl: `/user/admin/payments.csv${filtersSearch(filters)}` });
}

/** A filter's select: "Any", or one of the choices. */
function AnyOf({ label, name, options, value }: { label: string; name: string; options: readonly { value: string; label: string }[]; value?: string }) {
  return (
    <>
      <label htmlFor={`payment-${name}`}>{label}</label>
      <select id={`payment-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">Any</option>
        {options.map((item) => (
          <option key={item.value} value={item.value}>
            {item.label}
          </option>
        ))}
      </select>
    </>
  );
}

function FilterForm({ status, provider, q }: { status?: string; provider?: string; q?: string }) {
  return (
    <SearchForm className="search-form">
      <AnyOf label="Status" name="status" options={PAYMENT_STATUSES} value={status} />
      <AnyOf label="Provider" name="provider" options={PAYMENT_PROVIDERS} value={provider} />
      <label htmlFor="payment-search">Reference, name or e-mail</label>
      <input id="payment-search" type="search" name="q" defaultValue={q ?? ""} maxLength={200} />
      <button type="submit" className="button button--secondary">
        Filter
      </button>
    </SearchForm>
  );
}

function pageLink(search: string, page: number) {
  const params = new URLSearchParams(search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const query = params.toString();
  return query ? `?${query}` : ".";
}

export default function Payments() {
  const { filters, payments, total, page, pageCount, csvUrl } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const filtered = Boolean(filters.status || filters.provider || filters.purpose || filters.q);

  return (
    <section className="card" aria-labelledby="payments-heading">
      <div className="page-header">
        <h2 id="payments-heading">Payments</h2>
        <Link to={csvUrl} reloadDocument className="button button--small button--secondary">
          Export CSV
        </Link>
      </div>
      <p className="muted">
        Bank transfers wait until you see the money arrive: mark them paid then (the membership starts), or cancel orders that will not be paid. Card payments
        are confirmed by the card payment service.
      </p>
      <FilterForm status={filters.status} provider={filters.provider} q={filters.q} />
      <p className="muted" role="status">
        {total === 0
          ? filtered
            ? "No payments match these filters."
            : "No payments yet."
          : `${total} ${total === 1 ? "payment" : "payments"}${filtered ? " matching these filters" : ""}.`}
      </p>
      {payments.length > 0 ? (
        <ListTable headings={["Reference", "Member", "What", "Amount", "Provider", "Status", "Ordered"]} actions="Actions">
          {payments.map((payment) => (
            <tr key={payment.id} data-testid="payment-row">
              <td>
                <code>{payment.reference}</code>
              </td>
              <td data-label="Member">
                {payment.member_name}
                <br />
                <span className="muted">{payment.member_email}</span>
              </td>
              <td data-label="What">{payment.description}</td>
              <td data-label="Amount">{formatMoney(payment.amount_cents, payment.currency)}</td>
              <td data-label="Provider">{providerLabel(payment.provider)}</td>
              <td data-label="Status">
                {statusLabel(payment.status)}
                {payment.status === "paid" && payment.paid_at ? (
                  <>
                    {" "}
                    on <ViewerTime value={payment.paid_at} dateOnly />
                  </>
                ) : null}
                {payment.status !== "paid" && payment.cancelled_at ? (
                  <>
                    {" "}
                    on <ViewerTime value={payment.cancelled_at} dateOnly />
                  </>
                ) : null}
                {payment.confirmed_by_name ? (
                  <>
                    <br />
                    <span className="muted">by {payment.confirmed_by_name}</span>
                  </>
                ) : null}
              </td>
              <td data-label="Ordered">
                <ViewerTime value={payment.created_at} dateOnly />
              </td>
              <td>
                {payment.provider === "bank_transfer" && payment.status === "pending" ? (
                  <span className="row-actions">
                    <Link to={`${payment.id}/confirm${search}`} preventScrollReset aria-label={`Mark paid: ${payment.reference}`}>
                      Mark paid
                    </Link>{" "}
                    <Link to={`${payment.id}/cancel${search}`} preventScrollReset aria-label={`Cancel order ${payment.reference}`}>
                      Cancel
                    </Link>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      <Pager page={page} pages={pageCount} href={(target) => pageLink(search, target)} />
      <Outlet />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Payments · Admin · Chapter" }];
