// A deep link starts fetching its screen's chunk at page start, not after the app shell arrives.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ leads: vi.fn(), dashboard: vi.fn() }));
vi.mock('../../src/widgets/catalog', async () => {
  const { defineScreens } = await import('../../src/runtime/screens');
  return {
    WIDGET_CATALOG: [
      { name: 'leads-board', title: 'Leads', screens: defineScreens({ board: { path: '/leads-management', title: 'Leads' } }), load: () => (loads.leads(), new Promise(() => {})) },
      { name: 'dashboard', title: 'Dashboard', screens: defineScreens({ home: { path: '/dashboard', title: 'Dashboard' } }), load: () => (loads.dashboard(), Promise.reject(new Error('offline'))) },
    ],
  };
});

const { preloadScreen } = await import('../../src/app/preload');

beforeEach(() => {
  loads.leads.mockClear();
  loads.dashboard.mockClear();
});

describe('preloadScreen', () => {
  it('loads the screen of the path, ignoring its query and a trailing slash', () => {
    preloadScreen('/leads-management/?tab=2');
    expect(loads.leads).toHaveBeenCalledTimes(1);
    expect(loads.dashboard).not.toHaveBeenCalled();
  });

  it('loads nothing for unknown paths, redirects or screens without a chunk', () => {
    preloadScreen('/no-such-page');
    preloadScreen('/');
    preloadScreen('/calendar');
    expect(loads.leads).not.toHaveBeenCalled();
    expect(loads.dashboard).not.toHaveBeenCalled();
  });

  it('swallows a failed download (the app asks again and shows its error state)', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    await expect(preloadScreen('/dashboard')).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(loads.dashboard).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
