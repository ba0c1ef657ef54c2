// The services the embedded profile mounts in-process. Each later service joins this list.
import { accountService } from '@civic/account';
import { adminService } from '@civic/admin';
import { authService } from '@civic/auth';
import { briefingService } from '@civic/briefing';
import { ledgerService } from '@civic/ledger';
import { notificationsService } from '@civic/notifications';
import { prioritiesService } from '@civic/priorities';
import { socialService } from '@civic/social';
import type { ServiceDefinition } from '@civic/service-kit';

export const EMBEDDED_SERVICES: readonly ServiceDefinition[] = [
  authService,
  accountService,
  socialService,
  prioritiesService,
  ledgerService,
  briefingService,
  adminService,
  notificationsService,
];

/** The built services named (all when `only` is absent); an unknown name is a configuration error. */
export function embeddedServices(only?: readonly string[]): readonly ServiceDefinition[] {
  if (!only) return EMBEDDED_SERVICES;
  const known = EMBEDDED_SERVICES.map((s) => s.name);
  const unknown = only.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new Error(`Invalid configuration:\n  GATEWAY_SERVICES: no service is called ${unknown.join(', ')} (known: ${known.join(', ')})`);
  return EMBEDDED_SERVICES.filter((s) => only.includes(s.name));
}
