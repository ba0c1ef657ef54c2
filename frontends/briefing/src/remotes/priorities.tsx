// The Report action of a document card, owned by the priorities area and loaded through Module
// Federation (type-only import of its module; the code comes from wherever that remote is deployed).
import type * as PrioritiesReport from '@civic/frontend-priorities/report';
import { loadRemoteModule, RemotePart } from '@civic/frontend-kit';
import { type ComponentProps, lazy } from 'react';

const LazyReportAction = lazy(async () => ({ default: (await loadRemoteModule<typeof PrioritiesReport>('priorities', './report')).ReportAction }));

export function ReportAction(props: ComponentProps<typeof PrioritiesReport.ReportAction>) {
  return (
    <RemotePart from="priorities">
      <LazyReportAction {...props} />
    </RemotePart>
  );
}
