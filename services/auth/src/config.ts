// Settings only the auth service reads.
import { zKeyRing } from '@civic/service-kit';
import { z } from 'zod';

export const ZAuthConfig = z.object({
  /**
   * Key ring of the HMACs under which sign-in codes and erased addresses are stored and known-device
   * cookies signed (docs/key-rotation.md). Required when distributed.
   */
  AUTH_CODE_KEY: zKeyRing,
});
