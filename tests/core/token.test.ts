import { describe, expect, it } from 'vitest';
import { decodeToken, userIdFromToken } from '../../src/core';

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown) => `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment(claims)}.signature`;

describe('userIdFromToken', () => {
  it('reads the subject of a JWT without verifying it', () => {
    expect(userIdFromToken(jwt({ sub: '42', exp: 1 }))).toBe('42');
    expect(userIdFromToken(jwt({ sub: 7 }))).toBe('7');
    expect(userIdFromToken(`Bearer ${jwt({ sub: 'u-1' })}`)).toBe('u-1');
  });

  it('decodes base64url payloads that need padding and hold non-ASCII text', () => {
    const claims = { sub: '9', name: 'Āshā Rāo ✓' };
    expect(decodeToken(jwt(claims))).toEqual(claims);
  });

  it('gives null for garbage', () => {
    for (const token of [null, undefined, '', 'abc', 'a.b', 'a.!!!.c', `x.${segment('text')}.y`, `x.${segment([1])}.y`, 'a.b.c.d']) {
      expect(userIdFromToken(token)).toBeNull();
    }
    expect(userIdFromToken(jwt({ name: 'no subject' }))).toBeNull();
    expect(userIdFromToken(jwt({ sub: '  ' }))).toBeNull();
    expect(userIdFromToken(jwt({ sub: { id: 1 } }))).toBeNull();
  });
});
