// The unit per-client limits count by: an IPv4 address, or an IPv6 address's /64. One IPv6 host is
// usually given a whole /64 and can send from any address in it, so counting by the full address
// would give it a fresh budget per request. An IPv4-mapped IPv6 address counts as its IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

export function clientNetworkOf(ip: string): string {
  const address = ip.split('%')[0]!; // a zone id (fe80::1%eth0) names an interface, not a client
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  return `${hextetsOf(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function hextetsOf(address: string): string[] {
  const groupsOf = (part: string): string[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group];
          // An IPv4 tail (64:ff9b::192.0.2.1) is the last two groups.
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const [head, tail] = address.split('::') as [string, string | undefined];
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return groups.map((group) => parseInt(group, 16).toString(16));
}
