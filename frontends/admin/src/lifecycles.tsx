// single-spa lifecycles of the admin area; the root component is fetched on first mount.
import { MicroFrontendError, type ApplicationProps } from '@civic/frontend-kit';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';

export const { bootstrap, mount, unmount } = singleSpaReact<ApplicationProps>({
  React,
  ReactDOMClient,
  loadRootComponent: () => import('./root.component.tsx').then((module) => module.default),
  errorBoundary: () => <MicroFrontendError />,
});
