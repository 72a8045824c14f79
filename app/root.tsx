import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { currentAnnouncements } from "./features/announcements/announcements.server";
import { NewsTicker } from "./features/announcements/NewsTicker";
import { csrfToken } from "./lib/csrf.server";
import { clubTimeZone } from "./lib/club.server";
import { pageData } from "./lib/page-data.server";
import { takeFlash } from "./lib/respond.server";
import { getMember } from "./lib/session.server";
import styles from "./styles/site.css";
import { AppShell } from "./ui/app-shell";
import { ErrorPage } from "./ui/error-boundary";
import { useNonce } from "./ui/nonce";
import { PageLoader } from "./ui/page-loader";
import { shellDataStays } from "./ui/revalidation";
import type { RootUiData } from "./ui/root-data";
import { Toast } from "./ui/toast";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [member, csrf, flash] = await Promise.all([getMember(request), csrfToken(request), takeFlash(request)]);
  const headers = new Headers(flash.headers);
  if (csrf.setCookie) headers.append("Set-Cookie", csrf.setCookie);
  // The news ticker is for signed-in members only.
  const announcements = member ? await currentAnnouncements() : [];
  const data = {
    // SPEC.md §1: the client is told whether the visitor is a signed-in member.
    isMember: member !== null,
    member,
    csrf: csrf.token,
    notification: flash.notification,
    announcements,
    timeZone: member?.timeZone ?? (await clubTimeZone()),
  };
  const cookies = headers.getSetCookie();
  if (cookies.length === 0) return pageData(data satisfies RootUiData);
  if (!context?.setCookie) return json(data satisfies RootUiData, { headers });
  // The server sets the cookies on its answer, so the data needs no Response of its own (a
  // visitor's every page sets one: making it and reading it back was ~5% of the sign-in page).
  for (const cookie of cookies) context.setCookie(cookie);
  return pageData(data satisfies RootUiData);
}

export const meta: MetaFunction = () => [{ title: "Chapter" }];

export const shouldRevalidate: ShouldRevalidateFunction = (args) => !shellDataStays(args) && args.defaultShouldRevalidate;

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  return (
    <Document>
      <PageLoader />
      <AppShell member={data.member} ticker={<NewsTicker announcements={data.announcements} />}>
        <Toast notification={data.notification} />
        <Outlet />
      </AppShell>
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Document>
      <AppShell member={rootData?.member ?? null} ticker={<NewsTicker announcements={rootData?.announcements ?? []} />}>
        <ErrorPage error={error} />
      </AppShell>
    </Document>
  );
}
