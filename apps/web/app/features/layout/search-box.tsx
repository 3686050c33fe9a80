import { Search } from 'lucide-react';
import { useId } from 'react';
import { Form, useSearchParams } from 'react-router';
import { SEARCH_PLACEHOLDER } from '@facet/contracts/constants';

/** The header search (spec §2). Suggestions while typing are added by the catalogue feature. */
export function SearchBox() {
  const [params] = useSearchParams();
  const id = useId();
  return (
    <Form action="/search" method="get" role="search" className="relative w-full max-w-sm">
      <label htmlFor={id} className="sr-only">Search the store</label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={params.get('q') ?? ''}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        className="h-10 w-full rounded-sm border border-hairline bg-panel pl-3 pr-10 text-sm placeholder:text-muted focus:bg-white"
      />
      <button type="submit" aria-label="Search" className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center text-muted hover:text-primary">
        <Search aria-hidden="true" className="h-4 w-4" />
      </button>
    </Form>
  );
}
