// The services the embedded profile mounts in-process. Each later service joins this list.
import { accountService } from '@civic/account';
import { authService } from '@civic/auth';
import { ledgerService } from '@civic/ledger';
import { prioritiesService } from '@civic/priorities';
import { socialService } from '@civic/social';
import type { ServiceDefinition } from '@civic/service-kit';

export const EMBEDDED_SERVICES: readonly ServiceDefinition[] = [authService, accountService, socialService, prioritiesService, ledgerService];
