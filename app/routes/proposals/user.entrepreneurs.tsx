import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { EntryListPage } from "~/features/proposals/EntryListPage";
import { EntrepreneurTable } from "~/features/proposals/EntryViews";
import { listEntrepreneurs } from "~/features/proposals/entries.server";
import { requireMember } from "~/lib/session.server";
import { pageKind } from "~/ui/page-kind";
import { listData } from "./entry-routes.server";

export const handle = pageKind("list");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json(await listData(request, listEntrepreneurs));
}

export default function Entrepreneurs() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return <EntryListPage side="entrepreneur" data={data} table={<EntrepreneurTable entries={data.entries} search={search} />} />;
}

export const meta: MetaFunction = () => [{ title: "Entrepreneurs · Chapter" }];
