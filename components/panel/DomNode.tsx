import { useEffect, useRef } from 'preact/hooks';

/** Mount a node built by the DOM components (components/dom.ts) inside Preact. */
export function DomNode({ make, deps }: { make: (doc: Document) => Node; deps: readonly unknown[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.replaceChildren(make(document));
  }, deps);
  return <div ref={ref} />;
}
