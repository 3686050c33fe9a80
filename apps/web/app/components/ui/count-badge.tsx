/** The small count on a header label (cart, wishlist), with words for screen readers. */
export function CountBadge({ n, testId, spoken }: { n: number; testId: string; spoken: string }) {
  if (n <= 0) return null;
  return (
    <span
      data-testid={testId}
      className="absolute right-0 top-[-0.35rem] min-w-[1.1rem] rounded-full bg-primary px-1 text-center text-[0.65rem] font-semibold leading-[1.1rem] text-white sm:right-1"
    >
      {n}
      <span className="sr-only"> {spoken}</span>
    </span>
  );
}
