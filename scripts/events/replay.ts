// `npm run events:replay -- --service NAME --id ID` or `-- --all [--service NAME]`: asks the services
// to apply dead letters again (docs/protocols/events.md). Each service's replayer picks the request up
// within seconds and runs the consumer step, which is idempotent: a letter replayed twice applies its
// event once. Distributed, this waits (up to --wait seconds, default 30) and says how each one went.
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { listDeadLetters, requestDeadLetterReplay } from '@civic/service-kit/events';
import { openServiceStores, OperatorError, runOperatorCommand, type ServiceStore } from './service-stores.ts';

async function pendingOf(store: ServiceStore): Promise<number> {
  return (await listDeadLetters(store.db, store.service, { open: true })).filter((l) => l.replayRequestedAt).length;
}

await runOperatorCommand(async () => {
  const { values } = parseArgs({
    options: {
      service: { type: 'string' },
      id: { type: 'string' },
      all: { type: 'boolean', default: false },
      wait: { type: 'string', default: '30' },
    },
  });
  if (!values.all && !(values.service && values.id)) throw new OperatorError('Name one letter (--service NAME --id ID) or --all [--service NAME].');
  if (values.id !== undefined && !/^\d{1,18}$/.test(values.id)) throw new OperatorError('--id is the number events:dead-letters shows after #.');
  const stores = await openServiceStores();
  try {
    const chosen = values.service ? stores.stores.filter((s) => s.service === values.service) : stores.stores;
    if (values.service && chosen.length === 0) throw new OperatorError(`No dead-letter store for service ${values.service}.`);
    let requested = 0;
    for (const store of chosen) requested += await requestDeadLetterReplay(store.db, store.service, values.all ? undefined : values.id);
    if (requested === 0) {
      console.log(values.all ? 'Nothing to replay.' : `No letter #${values.id} waiting in ${values.service} (replayed already, unreadable, or unknown).`);
      return;
    }
    console.log(`Replay requested for ${requested} letter(s).`);
    if (stores.profile === 'embedded') {
      console.log('They are replayed when npm start next starts.');
      return;
    }
    const deadline = Date.now() + Number(values.wait) * 1000;
    let pending = requested;
    while (Date.now() < deadline) {
      pending = 0;
      for (const store of chosen) pending += await pendingOf(store);
      if (pending === 0) break;
      await sleep(250);
    }
    if (pending > 0) console.log(`${pending} still waiting: are the services running? They replay when they next poll.`);
    else console.log('Done. npm run events:dead-letters shows any that failed again, with the new error.');
  } finally {
    await stores.close();
  }
});
