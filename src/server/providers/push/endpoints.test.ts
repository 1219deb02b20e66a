import { describe, expect, it } from 'vitest';
import { isInternalAddress } from './endpoints';

describe('#13.2 isInternalAddress: a push is never sent inside', () => {
  it('finds loopback, private, link-local, benchmarking, documentation, multicast and reserved IPv4 addresses', () => {
    for (const a of [
      '0.0.0.0',
      '10.1.2.3',
      '127.0.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.1',
      '192.0.2.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.254',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '142.250.196.106', '172.32.0.1', '198.17.255.255', '198.20.0.1', '100.128.0.1']) {
      expect(isInternalAddress(a), a).toBe(false);
    }
  });

  it('finds internal IPv6 addresses, and an IPv4 one carried by mapped, NAT64 (64:ff9b::/96) or 6to4 (2002::/16) addresses', () => {
    for (const a of [
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1%eth0',
      'ff02::1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::c612:1', // 198.18.0.1
      '64:ff9b:1::808:808', // a local-use translator: internal whatever it carries
      '2002:7f00:1::1',
      '2002:c0a8:101::1',
      '2002:c612:1::1', // 198.18.0.1
      'not an address',
      '',
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['2607:f8b0:4004:c1b::5f', '2a00:1450:4001:80e::200a', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(isInternalAddress(a), a).toBe(false);
    }
  });
});
