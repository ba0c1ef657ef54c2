// `npm run events:dead-letters [-- --all] [--service NAME] [--json]`: the events each service could
// not apply and kept for replay (docs/protocols/events.md), newest first; replayed ones with --all.
import { parseArgs } from 'node:util';
import { type DeadLetterSummary, listDeadLetters } from '@civic/service-kit/events';
import { openServiceStores, OperatorError, runOperatorCommand } from './service-stores.ts';

function stateOf(letter: DeadLetterSummary): string {
  if (letter.replayedAt) return `replayed ${letter.replayedAt}`;
  if (letter.replayRequestedAt) return `replay requested ${letter.replayRequestedAt}`;
  return letter.replayAttempts > 0 ? `waiting (replay failed ${letter.replayAttempts}x)` : 'waiting';
}

await runOperatorCommand(async () => {
  const { values } = parseArgs({
    options: { all: { type: 'boolean', default: false }, service: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const stores = await openServiceStores();
  try {
    const chosen = values.service ? stores.stores.filter((s) => s.service === values.service) : stores.stores;
    if (values.service && chosen.length === 0) throw new OperatorError(`No dead-letter store for service ${values.service}.`);
    const letters: (DeadLetterSummary & { service: string })[] = [];
    for (const store of chosen) {
      for (const letter of await listDeadLetters(store.db, store.service, { open: !values.all })) letters.push({ service: store.service, ...letter });
    }
    if (values.json) {
      console.log(JSON.stringify(letters, null, 2));
      return;
    }
    console.log(`${letters.length} dead letter(s) on the ${stores.profile} profile${values.all ? '' : ' not replayed yet (--all lists replayed ones too)'}`);
    for (const l of letters) {
      console.log(`\n${l.service} #${l.id}  ${l.subject}  consumer ${l.consumer}  event ${l.eventId ?? '(unreadable message)'}`);
      console.log(`  failed ${l.failedAt} after ${l.deliveries} deliveries; ${stateOf(l)}`);
      console.log(`  error: ${l.error.length > 300 ? `${l.error.slice(0, 300)}...` : l.error}`);
    }
    if (letters.some((l) => !l.replayedAt)) console.log('\nReplay: npm run events:replay -- --service NAME --id ID, or --all');
  } finally {
    await stores.close();
  }
});
