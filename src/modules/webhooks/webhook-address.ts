import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may send (docs/api.md, Webhooks, Safety): only to public unicast addresses, so that a user cannot
 * make the service call into its own network (loopback, private ranges, link-local cloud metadata, multicast,
 * unspecified, carrier-grade NAT, reserved and documentation ranges, and IPv6 translations of any of them).
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lifts the rule, for development and tests.
 */

/** ipaddr.js's name for the range of an address, with IPv4-mapped IPv6 judged as the IPv4 address it maps. */
function rangeOf(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().range();
  }
  return parsed.range();
}

/** Null when `address` is public; otherwise what it is, for the message ("a loopback address"). */
function nonPublicKind(address: string): string | null {
  const range = rangeOf(address);
  return range === 'unicast' ? null : `a ${range} address`;
}

export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookAddressError';
  }
}

function refusal(host: string, address: string, kind: string): WebhookAddressError {
  const resolved = host === address ? address : `${host} resolves to ${address}`;
  return new WebhookAddressError(`The URL must point to a public address: ${resolved}, ${kind}.`);
}

/** The host of a URL as DNS or the socket takes it (IPv6 literals without their brackets). */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Resolves the URL's host and checks every address it resolves to (create and update). Throws WebhookAddressError
 * when one is not public (unless allowed) or the host does not resolve.
 */
export async function checkWebhookUrl(url: URL, allowPrivate: boolean): Promise<void> {
  const host = hostOf(url);
  let addresses: { address: string }[];
  try {
    addresses = net.isIP(host) ? [{ address: host }] : await dns.promises.lookup(host, { all: true });
  } catch {
    throw new WebhookAddressError(`The URL's host ${host} could not be resolved.`);
  }
  if (allowPrivate) return;
  for (const { address } of addresses) {
    const kind = nonPublicKind(address);
    if (kind) throw refusal(host, address, kind);
  }
}

/**
 * The DNS lookup of a delivery's connection: the address the socket connects to is the one checked here, so a host
 * that resolved to a public address at create time and to a private one now (DNS rebinding) is refused at send
 * time. A literal IP host is never looked up; the sender checks it with `checkLiteralHost`.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find(({ address }) => nonPublicKind(address) !== null);
      if (refused) return callback(refusal(hostname, refused.address, nonPublicKind(refused.address)!), '', 0);
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** A URL whose host is an IP literal: checked directly, since no lookup runs for it. */
export function checkLiteralHost(url: URL, allowPrivate: boolean): void {
  const host = hostOf(url);
  if (allowPrivate || !net.isIP(host)) return;
  const kind = nonPublicKind(host);
  if (kind) throw refusal(host, host, kind);
}
