// The US states and DC a citizen may give as their profile's `state`, as two-letter USPS
// codes with the names the Edit Profile select and the state selectors show. One list for the
// server's schema and the browser's forms; plain constants, no zod, so a bundle imports them freely.
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type UsStateCode = (typeof US_STATES)[number]['code'];

export const US_STATE_CODES = US_STATES.map((state) => state.code) as unknown as readonly [UsStateCode, ...UsStateCode[]];

const NAMES = new Map<string, string>(US_STATES.map((state) => [state.code, state.name]));

/** The state's name for a code of US_STATES (the code itself for anything else). */
export const usStateName = (code: string): string => NAMES.get(code) ?? code;

export const isUsStateCode = (value: string): value is UsStateCode => NAMES.has(value);

/** Server and form say the same. */
export const US_STATE_MESSAGE = 'State must be a two-letter US state code or DC';

/**
 * k-anonymity of the agenda by state (docs/ranking.md section 7): a priority's tally among one
 * state's citizens is shown only when at least this many of them counted.
 */
export const STATE_TALLY_MIN_VOTERS = 10;

/** What the list shows in place of a tally under STATE_TALLY_MIN_VOTERS (the state's name, not its code). */
export const notEnoughVotesMessage = (code: string): string => `Not enough votes in ${usStateName(code)}`;
