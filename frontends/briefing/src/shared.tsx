// What other areas reuse from the briefing area, exposed through Module Federation as
// "civic_briefing/shared": the Contribute Document dialog, which the dashboard's "Submit Talking
// Point" opens. Consumers import its types only (a typed wrapper) and load it at run time, so this
// area deploys on its own. It renders inside this area's root, so this area's stylesheet styles it
// wherever it is shown.
import { AreaRoot } from '@civic/frontend-kit';
import type { ComponentProps } from 'react';
import { ContributeDocumentDialog as Dialog } from './features/contribute-document/contribute-document-dialog.tsx';
import './styles.css';

export { CONTRIBUTE_DOCUMENT_TITLE } from './features/document-listing/briefing-texts.ts';

export function ContributeDocumentDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <AreaRoot name="briefing">
      <Dialog {...props} />
    </AreaRoot>
  );
}
