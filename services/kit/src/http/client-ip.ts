import { BlockList, isIP } from 'node:net';

/**
 * The caller's address as every service sees it (`req.ip`, identity's sign-in throttle, the AI
 * calls' per-visitor limit). Behind the gateway every request comes from the gateway, so
 * X-Forwarded-For is read, but only when the peer that sent it is a trusted proxy (otherwise
 * anyone could name a fresh address per attempt and never be slowed). TRUSTED_PROXIES.
 */
export function trustedProxies(spec: string): BlockList {
  const list = new BlockList();
  for (const raw of spec
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    if (raw === 'none') continue;
    if (raw === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
    } else if (raw === 'private') {
      for (const [net, bits] of [
        ['10.0.0.0', 8],
        ['172.16.0.0', 12],
        ['192.168.0.0', 16],
        ['169.254.0.0', 16],
      ] as const)
        list.addSubnet(net, bits, 'ipv4');
      list.addSubnet('fc00::', 7, 'ipv6');
      list.addSubnet('fe80::', 10, 'ipv6');
    } else {
      const [addr, bits] = raw.split('/');
      const family = isIP(addr);
      if (!family) throw new Error(`TRUSTED_PROXIES: not an address: ${raw}`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (bits === undefined) list.addAddress(addr, type);
      else list.addSubnet(addr, Number(bits), type);
    }
  }
  return list;
}

function plain(addr: string): string {
  const a = addr.trim();
  return a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

function trusted(list: BlockList, addr: string): boolean {
  const family = isIP(addr);
  return family !== 0 && list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Fastify's `trustProxy` as a test of each hop: `req.ip` is then the address `clientIp`
 * finds (the nearest hop that is not a trusted proxy), and `req.ips` the chain.
 */
export function trustsProxy(list: BlockList): (address: string, hop: number) => boolean {
  return (address) => trusted(list, plain(address));
}

/** Walks X-Forwarded-For from the nearest hop back while each hop is a trusted proxy. */
export function clientIp(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  list: BlockList,
): string {
  let current = plain(remoteAddress ?? 'unknown');
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  if (!header) return current;
  const hops = header
    .split(',')
    .map(plain)
    .filter((h) => isIP(h) !== 0)
    .reverse();
  for (const hop of hops) {
    if (!trusted(list, current)) break;
    current = hop;
  }
  return current;
}

/** A client on this machine. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return ip === '::1';
}
