import { Form, useNavigate } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Avatar } from "~/ui/avatar";
import { useHydrated } from "~/ui/use-hydrated";
import { FriendButton, type FriendState } from "./FriendButton";

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
 * an ARIA combobox whose listbox suggests members as one types (debounced; a newer request
 * aborts the older one). ArrowDown/ArrowUp choose, Enter opens the chosen member's profile
 * (or, with none chosen, the results page), Escape closes.
 */
export function MemberSearch({ defaultValue = "", label = "Find members" }: { defaultValue?: string; label?: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [query, setQuery] = useState(defaultValue);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController>();

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    []
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
      setActive((current) => (current === -1 && step < 0 ? items.length - 1 : (current + step + items.length) % items.length));
    } else if (event.key === "Enter") {
      if (open && active >= 0 && items[active]) {
        event.preventDefault();
        setOpen(false);
        navigate(items[active].url);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  const expanded = hydrated && open && query.trim() !== "";
  const activeId = expanded && active >= 0 ? `${id}-option-${items[active]?.id}` : undefined;
  return (
    <div className="member-search">
      <Form method="get" action="/user/search" role="search">
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
                  "aria-expanded": expanded,
                  "aria-controls": listboxId,
                  "aria-activedescendant": activeId,
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
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Members"
          className="member-suggestions"
          hidden={!expanded || items.length === 0}
          // Keeps the focus in the input when an option or its button is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          {items.map((item, index) => (
            <li
              key={item.id}
              id={`${id}-option-${item.id}`}
              role="option"
              aria-selected={index === active}
              className="member-suggestion"
              onClick={(event) => {
                if ((event.target as HTMLElement).closest("form")) return;
                setOpen(false);
                navigate(item.url);
              }}
            >
              <Avatar name={item.name} url={item.profile_image} size={32} />
              <span className="member-suggestion-text">
                <span className="member-result-name">{item.name}</span>
                {item.question ? <span className="member-question">Looking for: {item.question}</span> : null}
              </span>
              {item.friend_status === "friends" ? null : (
                <FriendButton memberId={item.id} name={item.name} state={item.friend_status} addLabel="Connect" />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {hydrated ? (
        <p className="visually-hidden" role="status">
          {expanded ? status : ""}
        </p>
      ) : null}
    </div>
  );
}
