import { describe, expect, it } from 'vitest';
import { decideRoute, ROUTES } from '../../src/app/routes';

const signedIn = (userType: string) => ({ token: 't', userType });
const anonymous = { token: null };

describe('decideRoute', () => {
  it('sends a visitor without a token to /login from every protected route', () => {
    for (const route of ROUTES.filter((r) => r.access !== 'public')) {
      expect(decideRoute(route.path.replace(':id', '7'), anonymous)).toEqual({ kind: 'redirect', to: '/login' });
    }
  });

  it('lets a visitor reach the sign-in routes', () => {
    for (const path of ['/login', '/register', '/admin/login', '/verify-email', '/reset-password']) {
      expect(decideRoute(path, anonymous)).toMatchObject({ kind: 'screen' });
    }
  });

  it('sends company admins and agents from the company area to /dashboard, not the super admin', () => {
    for (const path of ['/management/company/addcompany', '/management/company/companylist']) {
      expect(decideRoute(path, signedIn('admin'))).toEqual({ kind: 'redirect', to: '/dashboard' });
      expect(decideRoute(path, signedIn('agent'))).toEqual({ kind: 'redirect', to: '/dashboard' });
      expect(decideRoute(path, signedIn('super_admin'))).toMatchObject({ kind: 'screen' });
    }
  });

  it('redirects / and /properties', () => {
    expect(decideRoute('/', signedIn('admin'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute('/', anonymous)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute('/properties', signedIn('admin'))).toEqual({ kind: 'redirect', to: '/properties/list' });
  });

  it('shows the fallback for an unknown path once signed in', () => {
    expect(decideRoute('/no/such/page', signedIn('admin'))).toEqual({ kind: 'fallback' });
  });

  it('passes route parameters and ignores a query string and trailing slash', () => {
    expect(decideRoute('/property/42?x=1', signedIn('agent'))).toMatchObject({ kind: 'screen', params: { id: '42' } });
    expect(decideRoute('/leads-management/', signedIn('agent'))).toMatchObject({ kind: 'screen' });
  });
});
