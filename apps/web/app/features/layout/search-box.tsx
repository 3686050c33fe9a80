import { useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate, useSearchParams } from 'react-router';
import { Search } from '~/components/icons.tsx';
import { AUTOSUGGEST_DEBOUNCE_MS, AUTOSUGGEST_MIN_CHARS, SEARCH_PLACEHOLDER } from '@facet/contracts/constants';
import type { Suggestion } from '@facet/contracts/catalog';
import { paths } from '@facet/contracts/paths';
import { apiRequest } from '~/lib/api.ts';

/** Header search: suggestions from 2 characters, debounced 300 ms, keyboard navigable. */
export function SearchBox() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(params.get('q') ?? '');
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const controller = useRef<AbortController | null>(null);

  // The box follows the URL's query (a new search page), adjusted while rendering.
  const urlQ = params.get('q') ?? '';
  const [seenQ, setSeenQ] = useState(urlQ);
  if (seenQ !== urlQ) {
    setSeenQ(urlQ);
    setText(urlQ);
  }

  useEffect(() => {
    const q = text.trim();
    if (q.length < AUTOSUGGEST_MIN_CHARS) return; // too short: nothing is shown (see `shown`)
    const timer = setTimeout(async () => {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      try {
        const found = await apiRequest<Suggestion[]>(`/stuller/fetch-auto-complete?q=${encodeURIComponent(q)}`, {
          signal: c.signal,
        });
        if (!c.signal.aborted) {
          setItems(found);
          setActive(-1);
        }
      } catch {
        // Suggestions are a convenience: a failed lookup leaves plain search working.
      }
    }, AUTOSUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const choose = (s: Suggestion) => {
    setOpen(false);
    setText(s.GroupDescription);
    navigate(paths.search(s.GroupDescription));
  };
  const shown = open && items.length > 0 && text.trim().length >= AUTOSUGGEST_MIN_CHARS;

  return (
    <Form
      action="/search"
      method="get"
      role="search"
      className="relative w-full max-w-sm"
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor={id} className="sr-only">
        Search the store
      </label>
      <input
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && items.length) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === 'ArrowUp' && items.length) {
            e.preventDefault();
            setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
          } else if (e.key === 'Enter' && shown && active >= 0) {
            e.preventDefault();
            choose(items[active]!);
          } else if (e.key === 'Escape') {
            setOpen(false);
            setActive(-1);
          }
        }}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        maxLength={120}
        className="h-10 w-full rounded-sm border border-hairline bg-panel pl-3 pr-10 text-sm placeholder:text-muted focus:bg-white"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center text-muted hover:text-primary"
      >
        <Search aria-hidden="true" className="h-4 w-4" />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!shown}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-auto rounded-sm border border-hairline bg-white py-1 shadow-lg"
      >
        {items.map((s, i) => (
          <li
            key={s.Id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(s);
            }}
            onMouseEnter={() => setActive(i)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === active ? 'bg-secondary' : ''}`}
          >
            <img
              src={s.Images.FullUrl}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 shrink-0 bg-panel"
              loading="lazy"
            />
            <span className="line-clamp-2">{s.GroupDescription}</span>
          </li>
        ))}
      </ul>
    </Form>
  );
}
