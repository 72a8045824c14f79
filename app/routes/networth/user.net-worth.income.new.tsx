import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NewLineDialog } from "~/features/networth/LineDialog";
import { newLineAction, newLineLoader } from "./new-line.server";

export const loader = ({ request }: LoaderFunctionArgs) => newLineLoader(request, "income");
export const action = ({ request }: ActionFunctionArgs) => newLineAction(request, "income");

export default function AddGrossIncome() {
  return <NewLineDialog data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()?.result} />;
}

export const meta: MetaFunction = () => [{ title: "Add gross income · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
