import { describe, expect, it } from 'vitest';
import { ipv4SpelledAsIPv6, isPublicAddress } from './public-address';

describe('public addresses', () => {
  it.each([
    // IPv4: loopback, private, link-local (cloud metadata), carrier-grade NAT, reserved, multicast.
    '0.0.0.0',
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '192.0.0.170',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6: unspecified, loopback, IPv4-compatible, IPv4-mapped.
    '::',
    '::1',
    '[::1]',
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::1.1.1.1',
    // NAT64 to private space, and the local-use NAT64 prefix.
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::169.254.169.254',
    '64:ff9b::7f00:1',
    '64:ff9b::10.1.2.3',
    '64:ff9b:1::101:101',
    // 6to4 carrying a private IPv4 address.
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2002:c0a8:101::1',
    '2002:a9fe:a9fe::',
    // Teredo, documentation, benchmarking, ORCHID.
    '2001::1',
    '2001:0:4136:e378::1',
    '2001:2::1',
    '2001:10::1',
    '2001:db8::1',
    '3fff::1',
    // Unique-local, link-local, site-local, multicast, discard.
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fec0::1',
    'feff::1',
    'ff02::1',
    'ff05::2',
    '100::1',
    // Not an address at all.
    'localhost',
    'push.example.com',
    '',
    '1.1.1',
    '::g',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '142.250.74.110',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.0.1',
    '192.88.98.1',
    '223.255.255.254',
    '2606:4700::1111',
    '2606:4700:4700::1111',
    '[2606:4700::1111]',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200a',
    '2001:200::1',
    '::ffff:1.1.1.1',
    '::ffff:101:101',
    '64:ff9b::101:101',
    '64:ff9b::8.8.8.8',
    '2002:101:101::1',
    '3ffe::1',
  ])('takes %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('IPv4 addresses spelt as IPv6', () => {
  it.each([
    ['::ffff:93.184.216.34', '93.184.216.34'],
    ['[::ffff:5db8:d822]', '93.184.216.34'],
    ['64:ff9b::93.184.216.34', '93.184.216.34'],
    ['64:FF9B::5DB8:D822', '93.184.216.34'],
    ['2002:5db8:d822::1', undefined], // 6to4 carries a relay's address, not the host's
    ['2606:4700::1111', undefined],
    ['93.184.216.34', undefined],
    ['fcm.googleapis.com', undefined],
  ])('reads %s as %s', (address, ipv4) => {
    expect(ipv4SpelledAsIPv6(address)).toBe(ipv4);
  });
});
