import { Form, useNavigate } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Avatar } from "~/ui/avatar";
import { useFieldState } from "~/ui/use-field-state";
import { useHydrated } from "~/ui/use-hydrated";
import { FriendButton, type FriendState } from "./FriendButton";
import { QuestionLabel } from "./question";

type Suggestion = {
  id: number;
  name: string;
  question: string | null;
  profile_image: string | null;
  url: string;
  friend_status: FriendState;
};

const DEBOUNCE_MS = 200;

/**
 * Member search (SPEC.md §2). Without JS a GET form to the results page, /user/search; with JS the input is
 * an ARIA combobox whose popup is a grid (WAI-ARIA's combobox with a grid popup) suggesting
 * members as one types (debounced; a newer request aborts the older one): a row per member, a
 * cell with the name and one with Connect. The focus stays in the input: ArrowDown/ArrowUp
 * choose a member, ArrowRight/ArrowLeft move between the name and Connect, Enter opens the
 * chosen member's profile or presses Connect (with none chosen, the results page), Escape closes.
 */
export function MemberSearch({ defaultValue = "", label = "Find members" }: { defaultValue?: string; label?: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const id = useId();
  const gridId = `${id}-grid`;
  const formId = `${id}-form`;
  const [query, setQuery] = useFieldState(formId, "q", defaultValue);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** 0: the name cell of the active row; 1: its Connect cell. */
  const [column, setColumn] = useState(0);
  const [status, setStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController>();

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  function search(value: string) {
    clearTimeout(timer.current);
    request.current?.abort();
    if (value.trim() === "") {
      setItems([]);
      setOpen(false);
      setActive(-1);
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      try {
        const response = await fetch(`/search_contacts?${new URLSearchParams({ q: value })}`, {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        if (!response.ok) return;
        const found = (await response.json()) as Suggestion[];
        if (controller.signal.aborted) return;
        setItems(found);
        setActive(-1);
        setColumn(0);
        setOpen(true);
        setStatus(found.length === 0 ? "No members found." : `${found.length} member${found.length === 1 ? "" : "s"} found.`);
      } catch {
        // Aborted by a newer search, or offline: the form still works.
      }
    }, DEBOUNCE_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = active === -1 && step < 0 ? items.length - 1 : (active + step + items.length) % items.length;
      setActive(next);
      if (!hasConnect(items[next])) setColumn(0);
    } else if ((event.key === "ArrowRight" || event.key === "ArrowLeft") && open && active >= 0 && items[active]) {
      // Within a chosen row the arrows move between its cells, not the caret.
      event.preventDefault();
      setColumn(event.key === "ArrowRight" && hasConnect(items[active]) ? 1 : 0);
    } else if (event.key === "Enter") {
      if (open && active >= 0 && items[active]) {
        event.preventDefault();
        if (column === 1 && hasConnect(items[active])) {
          // The cell's own button, so the call and its flip are the ones a click makes.
          document.getElementById(cellId(items[active], 1))?.querySelector("button")?.click();
          return;
        }
        setOpen(false);
        navigate(items[active].url);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
        setColumn(0);
      }
    }
  }

  const cellId = (item: Suggestion, cell: number) => `${id}-member-${item.id}-${cell}`;

  const expanded = hydrated && open && query.trim() !== "";
  const activeId = expanded && active >= 0 && items[active] ? cellId(items[active], column) : undefined;
  return (
    <div className="member-search">
      <Form method="get" action="/user/search" role="search" id={formId}>
        <label htmlFor={`${id}-q`}>{label}</label>
        <div className="member-search-row">
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={query}
            autoComplete="off"
            placeholder="Name"
            maxLength={200}
            {...(hydrated
              ? {
                  role: "combobox",
                  "aria-autocomplete": "list" as const,
                  "aria-haspopup": "grid" as const,
                  "aria-expanded": expanded,
                  "aria-controls": gridId,
                  "aria-activedescendant": activeId,
                  "aria-describedby": `${id}-keys`,
                }
              : {})}
            onChange={(event) => {
              setQuery(event.target.value);
              search(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            onFocus={() => items.length > 0 && setOpen(true)}
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
      </Form>
      {hydrated ? (
        // The focus stays in the search box, which points at the active row
        // (aria-activedescendant): the rows are not focused themselves.
        // eslint-disable-next-line jsx-a11y/interactive-supports-focus
        <div
          id={gridId}
          role="grid"
          aria-label="Members"
          className="member-suggestions"
          hidden={!expanded || items.length === 0}
          // Keeps the focus in the input when a row or its button is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          {items.map((item, index) => (
            // eslint-disable-next-line jsx-a11y/interactive-supports-focus
            <div
              key={item.id}
              role="row"
              className="member-suggestion"
              data-active={index === active ? "" : undefined}
              onClick={(event) => {
                if ((event.target as HTMLElement).closest("form")) return;
                setOpen(false);
                navigate(item.url);
              }}
            >
              <div
                role="gridcell"
                id={cellId(item, 0)}
                aria-selected={index === active && column === 0}
                className="member-suggestion-cell member-suggestion-text"
              >
                <Avatar name={item.name} url={item.profile_image} size={32} />
                <span className="member-suggestion-words">
                  <span className="member-result-name">{item.name}</span>
                  {item.question ? (
                    <span className="member-question">
                      <QuestionLabel question={item.question} />
                      {item.question}
                    </span>
                  ) : null}
                </span>
              </div>
              {hasConnect(item) ? (
                <div role="gridcell" id={cellId(item, 1)} aria-selected={index === active && column === 1} className="member-suggestion-cell">
                  <FriendButton memberId={item.id} name={item.name} state={item.friend_status} addLabel="Connect" />
                </div>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
      {hydrated ? (
        <p className="visually-hidden" id={`${id}-keys`}>
          Up and down arrows choose a member, right arrow reaches Connect, Enter opens the member or presses Connect.
        </p>
      ) : null}
      {hydrated ? (
        <p className="visually-hidden" role="status">
          {expanded ? status : ""}
        </p>
      ) : null}
    </div>
  );
}

/** Friends have no Connect cell. */
function hasConnect(item: Suggestion | undefined) {
  return Boolean(item && item.friend_status !== "friends");
}
