/**
 * A tiny account API on node:http for the account widget's tests: the profile (GET, PUT with the
 * Company-ID header recorded), the password change, the avatar upload, the sessions and "sign out
 * everywhere else", the preferences and the workflow list, over in-memory state.
 */
import type { ServerResponse } from 'node:http';
import { DEFAULT_PREFERENCES, MESSAGES, type AccountSession, type Preferences, type Profile } from '../../../src/contract';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';

export const seedProfile = (): Profile => ({
  id: 7,
  name: 'Asha Rao',
  email: 'asha@skyline.test',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postal_code: '560001',
  country: 'India',
  user_type: 'agent',
  avatar: null,
  company_id: 1,
});

export const seedSessions = (): AccountSession[] => [
  { id: 's1', device: 'Chrome on Linux', user_agent: null, created_at: '2026-11-20T08:00:00Z', last_seen_at: '2026-11-24T10:05:00Z', expires_at: null, current: true },
  { id: 's2', device: 'Safari on iPhone', user_agent: null, created_at: '2026-11-18T08:00:00Z', last_seen_at: '2026-11-22T09:00:00Z', expires_at: null, current: false },
];

export class FakeAccountServer extends FakeApiServer {
  profile = seedProfile();
  password = 'Agent@123';
  sessions = seedSessions();
  preferences: Preferences = { ...DEFAULT_PREFERENCES };

  reset(): void {
    this.profile = seedProfile();
    this.password = 'Agent@123';
    this.sessions = seedSessions();
    this.preferences = { ...DEFAULT_PREFERENCES };
    this.resetRequests();
  }

  protected override route(req: Seen, res: ServerResponse): void {
    const path = req.path.replace(/^\/api\/v1/, '');
    const body = (req.json ?? {}) as Record<string, unknown>;
    if (req.method === 'GET' && path === '/users/profile') return send(res, 200, { status: 'Success', data: this.profile });
    // The Security tab's two-factor section (its own states: TwoFactorSection.test.tsx).
    if (req.method === 'GET' && path === '/users/two-factor') {
      return send(res, 200, { status: 'Success', data: { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false, company_policy: null } });
    }
    if (req.method === 'PUT' && path === `/users/${this.profile.id}`) {
      // As the reference server: a new e-mail address needs the current password.
      if (String(body.email) !== this.profile.email && body.current_password !== this.password) {
        const message = body.current_password ? MESSAGES.profile.currentPasswordWrong : MESSAGES.profile.currentPasswordForEmail;
        return send(res, 422, { message, errors: { current_password: [message] } });
      }
      this.profile = {
        ...this.profile,
        name: `${String(body.first_name)} ${String(body.last_name)}`.trim(),
        email: String(body.email),
        phone: (body.phone as string) ?? null,
        city: (body.city as string) ?? null,
      };
      return send(res, 200, { status: 'Success', message: 'Profile updated successfully', data: this.profile });
    }
    if (req.method === 'PUT' && path === `/users/${this.profile.id}/update-password`) {
      if (body.current_password !== this.password) return send(res, 422, { message: 'The current password is incorrect.', errors: { current_password: ['The current password is incorrect.'] } });
      this.password = String(body.new_password);
      this.sessions = this.sessions.filter((s) => s.current);
      return send(res, 200, { status: 'Success', message: 'Password updated successfully' });
    }
    if ((req.method === 'POST' || req.method === 'PUT') && path === `/users/${this.profile.id}/avatar`) {
      this.profile = { ...this.profile, avatar: '/uploads/avatars/7-new.png' };
      return send(res, 200, { status: 'Success', data: this.profile });
    }
    if (req.method === 'GET' && path === '/users/sessions') return send(res, 200, { status: 'Success', data: this.sessions });
    if (req.method === 'DELETE' && path === '/users/sessions/others') {
      const ended = this.sessions.filter((s) => !s.current).length;
      this.sessions = this.sessions.filter((s) => s.current);
      return send(res, 200, { status: 'Success', data: { ended } });
    }
    if (req.method === 'GET' && path === '/users/preferences') return send(res, 200, { status: 'Success', data: this.preferences });
    if (req.method === 'PUT' && path === '/users/preferences') {
      this.preferences = { ...this.preferences, ...(body as Partial<Preferences>) };
      return send(res, 200, { status: 'Success', message: 'Preferences saved', data: this.preferences });
    }
    if (req.method === 'GET' && path === '/workflow/list')
      return send(res, 200, {
        data: [
          { id: 1, name: 'All Contacts', default_style: null, active_style: null },
          { id: 2, name: 'Open', default_style: null, active_style: null },
          { id: 3, name: 'Won', default_style: null, active_style: null },
        ],
      });
    send(res, 404, { message: 'Not found' });
  }
}
