import { isIPv4, isIPv6 } from 'node:net';

/** Leading bits of an IPv6 address that name one client: a home or a server gets a /64 of its own. */
const IPV6_CLIENT_GROUPS = 4;

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a per-address limit counts a client by. An IPv6 client commonly holds a whole /64 and
 * can take a new address in it for every request, so IPv6 addresses count by their /64
 * (`2001:db8:1:2::/64`); IPv4 addresses, and IPv4 addresses written as IPv6 (`::ffff:1.2.3.4`),
 * count whole (`1.2.3.4`). Every limit by client address goes through here.
 */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  const prefix = ipv6Groups(address)
    .slice(0, IPV6_CLIENT_GROUPS)
    .map((group) => group.toString(16));
  return `${prefix.join(':')}::/64`;
}
