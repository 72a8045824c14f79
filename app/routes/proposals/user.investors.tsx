import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { EntryListPage } from "~/features/proposals/EntryListPage";
import { InvestorTable } from "~/features/proposals/EntryViews";
import { listInvestors } from "~/features/proposals/entries.server";
import { requireMember } from "~/lib/session.server";
import { pageKind } from "~/ui/page-kind";
import { listData } from "./entry-routes.server";

export const handle = pageKind("list");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json(await listData(request, listInvestors));
}

export default function Investors() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return <EntryListPage side="investor" data={data} table={<InvestorTable entries={data.entries} search={search} />} />;
}

export const meta: MetaFunction = () => [{ title: "Investors · Chapter" }];
