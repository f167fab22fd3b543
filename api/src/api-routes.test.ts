import { API_ROUTES, type ApiRoute } from '@shop/contract/api-routes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/harness.js';

const t = useTestApp();

describe("the contract's route table", () => {
  it('names routes the API has, each by its method and path', () => {
    const missing = (Object.keys(API_ROUTES) as ApiRoute[]).filter((route) => {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      return !t.app.hasRoute({ method, url: `/api${path}` });
    });
    expect(missing).toEqual([]);
  });
});
