/**
 * The brand on every widget: the signed-in company's colour becomes the accent of the widget roots
 * (readable on white), the host's own appearance wins, and the company is fetched once when the
 * session has no cached copy.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIGHT_SURFACE, readableOn } from '../../../src/core/brand';
import { EstateDeskProvider } from '../../../src/embed/EstateDeskProvider';
import { CompanyProfile } from '../../../src/widgets/company-profile';
import { FakeCompaniesServer } from './fakeCompaniesServer';
import { cleanupWidgets, signedInRuntime } from './renderCompanies';

const fake = new FakeCompaniesServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupWidgets();
  fake.reset();
});

const root = () => document.querySelector<HTMLElement>('[data-estatedesk-widget-root="company-profile"]')!;

describe('the brand on embedded widgets', () => {
  it('fetches the own company once and makes its too-light yellow a readable accent', async () => {
    const runtime = signedInRuntime(fake);
    render(
      <EstateDeskProvider runtime={runtime}>
        <CompanyProfile />
        <CompanyProfile />
      </EstateDeskProvider>,
    );
    await waitFor(() => expect(root().style.getPropertyValue('--ed-accent')).toBe(readableOn('#facc15', LIGHT_SURFACE)));
    expect(root().style.getPropertyValue('--ed-brand-primary')).toBe('#facc15');
    expect(root().style.getPropertyValue('--ed-brand-secondary')).toBe('#0f172a');
    await screen.findAllByRole('heading', { name: 'Skyline Realty', level: 2 });
    // The brand's fetch and the two profiles share one request per key at most: the brand's own,
    // plus the profiles' one query.
    expect(fake.seen('GET', '/company/1').length).toBeLessThanOrEqual(2);
  });

  it('keeps the host\'s own accent', async () => {
    const runtime = signedInRuntime(fake, { companyData: fake.companies[0] });
    render(
      <EstateDeskProvider runtime={runtime} appearance={{ variables: { accent: '#7c3aed' } }}>
        <CompanyProfile />
      </EstateDeskProvider>,
    );
    await screen.findByRole('heading', { name: 'Skyline Realty', level: 2 });
    expect(root().style.getPropertyValue('--ed-accent')).toBe('#7c3aed');
    expect(root().style.getPropertyValue('--ed-brand-primary')).toBe('#facc15');
  });

  it('changes live when the cached company changes, and goes with the session', async () => {
    const runtime = signedInRuntime(fake, { companyData: fake.companies[0] });
    render(
      <EstateDeskProvider runtime={runtime}>
        <CompanyProfile />
      </EstateDeskProvider>,
    );
    await waitFor(() => expect(root().style.getPropertyValue('--ed-accent')).toBe(readableOn('#facc15', LIGHT_SURFACE)));
    runtime.session.getState().setCompanyData({ ...fake.companies[0], primary_color_code: '#1d4ed8' });
    await waitFor(() => expect(root().style.getPropertyValue('--ed-accent')).toBe('#1d4ed8'));
    runtime.session.getState().signOut();
    await waitFor(() => expect(root().style.getPropertyValue('--ed-accent')).toBe(''));
  });

  it('replaces a cached copy of another company with the own company before using it', async () => {
    fake.delayMs = 40;
    const runtime = signedInRuntime(fake, { companyData: { ...fake.companies[1] } });
    render(
      <EstateDeskProvider runtime={runtime}>
        <CompanyProfile company={fake.companies[1]!} />
      </EstateDeskProvider>,
    );
    await screen.findByRole('heading', { name: 'Harbor Homes', level: 2 });
    // Harbor's blue is never the Skyline person's accent.
    expect(root().style.getPropertyValue('--ed-accent')).toBe('');
    await waitFor(() => expect(root().style.getPropertyValue('--ed-accent')).toBe(readableOn('#facc15', LIGHT_SURFACE)));
    expect((runtime.session.getState().companyData as { id: number }).id).toBe(1);
  });

  it('has no brand for a company without usable colours', async () => {
    fake.companies[0]!.primary_color_code = 'yellow';
    const runtime = signedInRuntime(fake, { companyData: { ...fake.companies[0], primary_color_code: 'yellow' } });
    render(
      <EstateDeskProvider runtime={runtime}>
        <CompanyProfile />
      </EstateDeskProvider>,
    );
    await screen.findByRole('heading', { name: 'Skyline Realty', level: 2 });
    expect(root().style.getPropertyValue('--ed-accent')).toBe('');
  });
});
