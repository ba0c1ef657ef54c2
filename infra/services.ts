// The processes of the distributed profile: each service's entry point and default port.
// A service joins here when it is built (and in gateway/src/services.ts for the embedded profile).
export interface ServiceProcess {
  name: string;
  entry: string;
  port: number;
}

export const SERVICE_PROCESSES: readonly ServiceProcess[] = [
  { name: 'auth', entry: 'services/auth/src/server.ts', port: 3101 },
  { name: 'priorities', entry: 'services/priorities/src/server.ts', port: 3102 },
  { name: 'ledger', entry: 'services/ledger/src/server.ts', port: 3103 },
  { name: 'social', entry: 'services/social/src/server.ts', port: 3105 },
  { name: 'account', entry: 'services/account/src/server.ts', port: 3106 },
];

export const GATEWAY_ENTRY = 'gateway/src/server.ts';
