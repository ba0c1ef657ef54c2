// Per-client limits count IPv4 addresses one by one and IPv6 addresses by their /64.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientNetworkOf } from '../../src/http/client-network.ts';

test('IPv4 addresses are their own network', () => {
  assert.equal(clientNetworkOf('203.0.113.7'), '203.0.113.7');
  assert.equal(clientNetworkOf('::ffff:203.0.113.7'), '203.0.113.7', 'IPv4-mapped');
  assert.equal(clientNetworkOf('::FFFF:203.0.113.7'), '203.0.113.7');
});

test('IPv6 addresses count by their /64, however they are written', () => {
  const network = '2001:db8:1:2::/64';
  for (const address of [
    '2001:db8:1:2::1',
    '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
    '2001:DB8:1:2:a:b:c:d',
    '2001:db8:1:2::1.2.3.4',
    '2001:db8:1:2::1%eth0',
  ]) {
    assert.equal(clientNetworkOf(address), network, address);
  }
  assert.equal(clientNetworkOf('2001:db8:1:3::1'), '2001:db8:1:3::/64');
  assert.equal(clientNetworkOf('::1'), '0:0:0:0::/64');
  assert.equal(clientNetworkOf('2001:db8::'), '2001:db8:0:0::/64');
  assert.equal(clientNetworkOf('fe80::1:2:3:4'), 'fe80:0:0:0::/64');
});

test('anything that is not an address is left as it is', () => {
  assert.equal(clientNetworkOf('unknown'), 'unknown');
});
