import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from './Spinner';

/**
 * A component exported by name from a module loaded only when it is first rendered (its code, and what
 * only it imports, becomes a chunk of its own). Render it inside a <Suspense>: `LazyPanel` or `LazyOverlay`.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own lazy() takes any component type, whatever its props
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * Where a lazily loaded view stands: while its code arrives, a spinner in a block as tall as `minHeight`
 * (the space the view will take, so nothing below it moves when it appears).
 */
export function LazyPanel({
  label,
  minHeight = '24rem',
  children,
}: {
  label: string;
  minHeight?: string;
  children: ReactNode;
}) {
  return (
    <Suspense
      fallback={
        <div className="grid place-items-center" style={{ minHeight }}>
          <Spinner label={label} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * Where a lazily loaded dialog stands: while its code arrives, a spinner over the page that takes no focus
 * (focus stays on the button that opened it, and returns there when the dialog closes).
 */
export function LazyOverlay({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-slate-900/20">
          <span className="rounded-lg bg-white p-4 shadow-lg">
            <Spinner label={label} />
          </span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
