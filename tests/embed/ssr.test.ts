// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('npm entry', () => {
  it('imports without a DOM and patches nothing', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const mod = await import('../../src/index');
    expect(typeof mod.EstateDeskProvider).toBe('function');
    expect(typeof mod.EstateDeskApp).toBe('function');
    expect(typeof mod.SignIn).toBe('function');
    const widgets = await import('../../src/widgets/dashboard');
    expect(widgets.dashboardWidget.name).toBe('dashboard');
  });
});
