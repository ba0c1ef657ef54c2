// The root element of an area's markup. An area's stylesheet (its Tailwind utilities, built from its
// own sources and the kit's) applies only inside `[data-area="<name>"]` (CSS @scope), so each remote
// ships the CSS for its own classes and never reorders another area's or the chrome's utilities.
// Dialogs portal into this element instead of <body>, so they stay inside their area's scope.
import { createContext, useContext, useState, type ReactNode } from 'react';

const PortalContainerContext = createContext<HTMLElement | null>(null);

/** Where the kit's dialogs portal to: the nearest area root, or <body> outside any area (the chrome). */
export function usePortalContainer(): HTMLElement | undefined {
  return useContext(PortalContainerContext) ?? undefined;
}

/** `display: contents`: the wrapper adds no box, so an area's layout is as if it were not there. */
export function AreaRoot({ name, children }: { name: string; children: ReactNode }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  return (
    <div data-area={name} ref={setElement} style={{ display: 'contents' }}>
      <PortalContainerContext.Provider value={element}>{children}</PortalContainerContext.Provider>
    </div>
  );
}
