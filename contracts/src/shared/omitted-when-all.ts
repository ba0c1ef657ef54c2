import { z } from 'zod';

/**
 * A list filter whose "all" choice the screens express by leaving it out (spec 7.3 and 7.4: category,
 * type, action and dateRange are "omitted when all"). A stray `all` (or an empty value) from another
 * client is read the same, instead of a 400 for a filter that means "no filter".
 */
export const omittedWhenAll = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === 'all' || value === '' ? undefined : value), schema.optional());
