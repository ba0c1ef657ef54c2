// Where an area shows a piece another area exposes: nothing until it loaded, and a piece that fails
// to load leaves its place empty (with the reason in the console) and the rest of the page usable.
import { Component, type ReactNode, Suspense } from 'react';

class RemotePartBoundary extends Component<{ from: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`A part from the ${this.props.from} micro-frontend failed`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** `from`: the exposing area, named in the console when its part fails. */
export function RemotePart({ from, children }: { from: string; children: ReactNode }) {
  return (
    <RemotePartBoundary from={from}>
      <Suspense fallback={null}>{children}</Suspense>
    </RemotePartBoundary>
  );
}
