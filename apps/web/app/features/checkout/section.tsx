/** One numbered step of checkout. */
export function Section({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`step-${n}`} className="border border-hairline bg-white p-6">
      <h2 id={`step-${n}`} className="flex items-center gap-3 font-display text-2xl">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-primary font-sans text-sm text-white">
          {n}
        </span>
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}
