// single-spa lifecycles for a React root: shared providers, an error boundary and a lazily loaded root.
import * as React from 'react';
import { createElement, type ComponentType, type ReactElement } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact, { type ReactAppOrParcel } from 'single-spa-react';
import { KitProviders } from './kit-providers.tsx';
import { MicroFrontendError } from './micro-frontend-error.tsx';

/** Props the root config passes to every application: the element to render into. */
export interface ApplicationProps {
  domElement: HTMLElement;
}

export type MicroFrontendLifecycles = ReactAppOrParcel<ApplicationProps>;

type RootModule = { default: ComponentType };

function withKitProviders(Root: ComponentType): () => ReactElement {
  return function ProvidedRoot() {
    return <KitProviders>{createElement(Root)}</KitProviders>;
  };
}

/** `loadRoot` is called on first mount, so the root's code is fetched only when the area is shown. */
export function createMicroFrontendLifecycles(loadRoot: () => Promise<RootModule>): MicroFrontendLifecycles {
  return singleSpaReact<ApplicationProps>({
    React,
    ReactDOMClient,
    loadRootComponent: async () => withKitProviders((await loadRoot()).default),
    errorBoundary: () => <MicroFrontendError />,
  });
}
