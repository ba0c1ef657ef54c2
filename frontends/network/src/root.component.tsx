// Network (spec 2.9) at /network: the citizen's network, Discover, the blocked view (?tab=blocked),
// growth, the network's activity and the invitation link.
import { AreaRoot, KitProviders } from '@civic/frontend-kit';
import { NetworkPage } from './features/network-page/network-page.tsx';
import './styles.css';

export default function NetworkRoot() {
  return (
    <KitProviders>
      <AreaRoot name="network">
        <main className="flex-1 bg-slate-50">
          <NetworkPage />
        </main>
      </AreaRoot>
    </KitProviders>
  );
}
