import { factPhrases } from '@facet/contracts/store-facts';
import { useStoreFacts } from '~/lib/store-facts.ts';

/** The store facts staff may write as `{{placeholders}}`, each with what it says now. */
export function FactPlaceholders() {
  const phrases = Object.entries(factPhrases(useStoreFacts()));
  return (
    <aside className="h-fit border border-hairline bg-white p-4 text-sm" aria-labelledby="placeholders">
      <h2 id="placeholders" className="font-semibold">
        Store facts
      </h2>
      <p className="mt-1 text-xs text-muted">
        Write a placeholder instead of a number: the page always says the store's current setting.
      </p>
      <dl className="mt-3 space-y-2">
        {phrases.map(([k, v]) => (
          <div key={k}>
            <dt className="font-mono text-xs">{`{{${k}}}`}</dt>
            <dd className="text-xs text-muted">{v}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
