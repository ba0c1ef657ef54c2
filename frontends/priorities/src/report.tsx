// The Report action, exposed through Module Federation as "civic_priorities/report" for the briefing
// area's document cards (the priority cards use it directly). Apart from "./shared" so a briefing page
// loads only this. It renders inside this area's root, so this area's stylesheet styles it there.
import { AreaRoot } from '@civic/frontend-kit';
import { ReportAction as Report, type ReportActionProps } from './features/report/report-action.tsx';
import './styles.css';

export type { ReportActionProps };

export function ReportAction(props: ReportActionProps) {
  return (
    <AreaRoot name="priorities">
      <Report {...props} />
    </AreaRoot>
  );
}
