import { type IpAddress, bitsOf, maskIp, parseIp } from './ip-address';

interface Network {
  version: 4 | 6;
  length: number;
  base: bigint;
}

/** The proxies (addresses or CIDR ranges) whose X-Forwarded-For entries are believed. */
export class TrustedProxies {
  private constructor(private readonly networks: readonly Network[]) {}

  static readonly none = new TrustedProxies([]);

  /** Throws naming the first entry that is neither an IP address nor a CIDR range. */
  static parse(entries: readonly string[]): TrustedProxies {
    return new TrustedProxies(entries.map(parseNetwork));
  }

  includes(address: IpAddress): boolean {
    return this.networks.some(
      (network) =>
        network.version === address.version && maskIp(address, network.length).value === network.base,
    );
  }
}

function parseNetwork(entry: string): Network {
  const [addressText, lengthText, ...rest] = entry.trim().split('/');
  const address = parseIp(addressText);
  // A mapped IPv6 range (::ffff:10.0.0.0/104) parses as IPv4: its length shrinks by the 96 mapped bits.
  const mappedShift = address?.version === 4 && addressText?.includes(':') ? 96 : 0;
  const length = lengthText === undefined ? undefined : Number(lengthText) - mappedShift;
  const valid =
    address !== undefined &&
    rest.length === 0 &&
    (lengthText === undefined || /^\d{1,3}$/.test(lengthText)) &&
    (length === undefined || (length >= 0 && length <= bitsOf(address.version)));
  if (!valid) throw new Error(`trusted proxy "${entry}" is not an IP address or CIDR range`);
  const bits = length ?? bitsOf(address.version);
  return { version: address.version, length: bits, base: maskIp(address, bits).value };
}
