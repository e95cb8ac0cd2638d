import { isIP } from 'node:net';

/**
 * The address a per-address limit counts under. An IPv4 address is itself (also when written as an IPv4-mapped
 * IPv6 address); an IPv6 address counts as its /64, since one subscriber usually has a whole /64 and could
 * otherwise take a fresh address for every request.
 */
export function limitedAddress(ip: string): string {
  // Fastify has no address for a request whose socket has already closed.
  if (typeof ip !== 'string') return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  const address = ip.split('%')[0] as string;
  if (isIP(address) !== 6) return ip;
  const groups = (part: string) => {
    if (part === '') return [];
    const parts = part.split(':');
    const last = parts.at(-1) as string;
    // A trailing dotted IPv4 part is two groups.
    if (last.includes('.')) {
      const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
      parts.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return parts;
  };
  const [head = '', tail] = address.split('::');
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
