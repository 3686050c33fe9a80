import { lazy, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '@facet/contracts/constants';

/** Rejects when `p` has not settled within `ms`. */
export function withinTime<T>(p: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`Not loaded within ${ms / 1000} s`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

/** What shows in place of a part of the page whose code could not be loaded. */
export function PartDidNotLoad({ what }: { what: string }) {
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-[60] mx-auto max-w-md border border-danger/30 bg-white px-4 py-3 text-sm shadow-lg"
    >
      {what} did not load: the connection may have dropped.{' '}
      <button type="button" className="font-medium text-primary underline" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}

/**
 * React.lazy for a part of a page (a panel, a dialog, the mobile menu): one retry on failure,
 * the spec's 120-second limit, and then a retry message in its place — never a blank page.
 */
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, what: string) {
  return lazy<T>(async () => {
    try {
      return await withinTime(load());
    } catch {
      await new Promise((r) => setTimeout(r, 1_500));
      try {
        return await withinTime(load());
      } catch {
        return { default: (() => <PartDidNotLoad what={what} />) as unknown as T };
      }
    }
  });
}

/**
 * lazyPart that can also be loaded ahead (`preload`, never rejecting): once its code is here the
 * part is drawn at once, without suspending (a move to a page that waits on it is held back).
 */
export function preloadablePart<P extends object>(load: () => Promise<ComponentType<P>>, what: string) {
  let ready: ComponentType<P> | null = null;
  const fetchIt = () =>
    load().then((c) => {
      ready = c;
      return c;
    });
  const Lazy = lazyPart(() => fetchIt().then((c) => ({ default: c })), what);
  const Part = (props: P) => {
    const Drawn = ready ?? Lazy;
    return <Drawn {...props} />;
  };
  return Object.assign(Part, { preload: () => fetchIt().catch(() => null) });
}
