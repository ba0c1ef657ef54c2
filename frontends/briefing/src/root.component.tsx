// Briefing Room (spec 2.8) at /briefing-room. The cards, filters, tiles and the Contribute Document
// dialog live in this area; the dashboard opens the dialog through Module Federation (src/shared.tsx).
import { AreaRoot, KitProviders } from '@civic/frontend-kit';
import { BriefingRoomPage } from './features/briefing-room/briefing-room-page.tsx';
import './styles.css';

export default function BriefingRoot() {
  return (
    <KitProviders>
      <AreaRoot name="briefing">
        <main className="flex-1 bg-slate-50">
          <BriefingRoomPage />
        </main>
      </AreaRoot>
    </KitProviders>
  );
}
