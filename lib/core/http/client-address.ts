import { config } from "@/lib/core/config.mjs";

/** Request headers as next-auth and Node hand them over. */
export type Headers = Record<string, string | string[] | undefined> | undefined;

/**
 * The client's address for per-address throttling. `npm start` appends the
 * address that connected to X-Forwarded-For (as a proxy does), so the chain's
 * last entry cannot be forged; each trusted proxy in front (TRUSTED_PROXIES,
 * default 0: clients connect directly) adds one more entry that is not the
 * client's, so the address is that many entries before the last. Entries a
 * client wrote itself come earlier and are never read.
 */
export function clientAddress(headers: Headers, trustedProxies = config().trustedProxies): string {
  const forwarded = headers?.["x-forwarded-for"];
  const chain = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  return chain[Math.max(0, chain.length - 1 - trustedProxies)];
}

/** The longest textual IPv6 address: anything longer is not one, and a scope must fit its column (320). */
const ADDRESS_KEY_MAX = 45;

/**
 * The part of a client address that is counted: an IPv4 address as it is (also when written as IPv4-mapped IPv6,
 * `::ffff:1.2.3.4`), an IPv6 address by its /64 (one subscriber usually gets a whole /64 and may pick any address in
 * it), anything else (`unknown`) as it is, cut to the longest address's length.
 */
export function addressKey(address: string): string {
  const text = address.trim().toLowerCase();
  const groups = text.includes(":") && /^[0-9a-f:.]+$/.test(text) ? ipv6Groups(text) : null;
  if (!groups) return text.slice(0, ADDRESS_KEY_MAX);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an embedded IPv4 tail as two groups); null when it is none. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i];
      if (i === pieces.length - 1 && piece.includes(".")) {
        const octets = piece.split(".").map(Number);
        if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet) || octet > 255)) return null;
        out.push(octets[0] * 256 + octets[1], octets[2] * 256 + octets[3]);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}
