// 32 bytes as 64 lowercase hex digits (a SHA-256 hash or a receipt nonce): the length is
// checked first and ends the checks, so the pattern never runs on an oversized input.
import { z } from 'zod';

const MESSAGE = 'expected 64 lowercase hex digits';
export const ZHex32 = z
  .string()
  .length(64, { error: MESSAGE, abort: true })
  .regex(/^[0-9a-f]{64}$/, MESSAGE);
