import { describe, expect, it } from 'vitest';
import { loginPath, rememberReturn, safeReturnPath, takeReturn } from './return-to';

describe('the return after logging in', () => {
  it('keeps only paths of this shop', () => {
    expect(safeReturnPath('/product/12?colour=3#sizes')).toBe('/product/12?colour=3#sizes');
    expect(safeReturnPath('/clothing')).toBe('/clothing');
    for (const bad of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\\evil.example',
      '/ /x',
      'product/12',
      '',
      null,
      42,
      '/login',
      '/signup?next=/x',
      '/verify-otp',
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it('names the login page that comes back, and the auth pages keep `next` for the tab, once', () => {
    expect(loginPath('/product/12?x=1')).toBe('/login?next=%2Fproduct%2F12%3Fx%3D1');
    expect(loginPath('//evil.example')).toBe('/login');
    rememberReturn('?next=%2Fproduct%2F12');
    expect(takeReturn()).toBe('/product/12');
    expect(takeReturn()).toBeNull();
    rememberReturn('?next=https%3A%2F%2Fevil.example');
    expect(takeReturn()).toBeNull();
  });

  it('forgets a return not taken within half an hour', () => {
    rememberReturn('?next=%2Fproduct%2F12');
    expect(takeReturn(Date.now() + 31 * 60 * 1000)).toBeNull();
  });
});
