import { AreaTabs } from "~/ui/area-tabs";

/** The proposals area's pages: both lists and the member's connections. */
export function ProposalTabs() {
  return (
    <AreaTabs
      label="Proposals"
      tabs={[
        { to: "/user/entrepreneurs", label: "Entrepreneurs" },
        { to: "/user/investors", label: "Investors" },
        { to: "/user/connections", label: "My connections" },
      ]}
    />
  );
}
