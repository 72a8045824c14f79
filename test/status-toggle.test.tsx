import { createRequire } from "node:module";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { EventToggles } from "~/features/events/EventCard";

// The event answers as a data router renders them on the server (no JavaScript needed).
const require = createRequire(import.meta.url);
const server = require("react-router-dom/server") as {
  createStaticHandler: (routes: unknown[]) => { dataRoutes: unknown[]; query: (request: Request) => Promise<unknown> };
  createStaticRouter: (routes: unknown[], context: unknown) => unknown;
  StaticRouterProvider: (props: { router: unknown; context: unknown; hydrate: boolean }) => ReactNode;
};

async function render(element: ReactNode) {
  const handler = server.createStaticHandler([{ id: "root", path: "/", loader: () => ({ csrf: "token" }), element }]);
  const context = await handler.query(new Request("http://club.example/"));
  return renderToStaticMarkup(h(server.StaticRouterProvider, { router: server.createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

function buttons(html: string) {
  return [...html.matchAll(/<button[^>]*aria-pressed="(true|false)"[^>]*>([^<]*)<\/button>/g)].map(
    ([, pressed, label]) => `${label}${pressed === "true" ? " (pressed)" : ""}`,
  );
}

describe("an event's answers", () => {
  const event = { id: 7, title: "Harbour summit", interestedCount: 3, goingCount: 2 };

  test("read Going / Not going and Interested / Not interested, the member's answer pressed", async () => {
    const going = await render(<EventToggles event={{ ...event, interested: false, going: true }} />);
    expect(buttons(going)).toEqual(["Interested", "Not interested (pressed)", "Going (pressed)", "Not going"]);
    const notGoing = await render(<EventToggles event={{ ...event, interested: true, going: false }} />);
    expect(buttons(notGoing)).toEqual(["Interested (pressed)", "Not interested", "Going", "Not going (pressed)"]);
    expect(notGoing).not.toMatch(/Notgoing<|Uninterested</);
  });

  test("a member who has not answered sees neither answer pressed (not 'Not going' for a question never answered)", async () => {
    const html = await render(<EventToggles event={{ ...event, interested: null, going: null }} />);
    expect(buttons(html)).toEqual(["Interested", "Not interested", "Going", "Not going"]);
  });

  test("each question on its own: only Interested answered presses Interested, neither Going nor Not going", async () => {
    const interestedOnly = await render(<EventToggles event={{ ...event, interested: true, going: null }} />);
    expect(buttons(interestedOnly)).toEqual(["Interested (pressed)", "Not interested", "Going", "Not going"]);
    const goingOnly = await render(<EventToggles event={{ ...event, interested: null, going: true }} />);
    expect(buttons(goingOnly)).toEqual(["Interested", "Not interested", "Going (pressed)", "Not going"]);
  });

  test("each button sends SPEC.md's answer, with the anti-forgery token", async () => {
    const html = await render(<EventToggles event={{ ...event, interested: false, going: false }} />);
    expect(html).toContain('name="csrf" value="token"');
    expect(html).toMatch(/<button type="submit" name="type" value="Notgoing"[^>]*aria-label="Not going: Harbour summit"/);
    expect(html).toMatch(/<button type="submit" name="type" value="Uninterested"[^>]*aria-label="Not interested: Harbour summit"/);
  });
});
