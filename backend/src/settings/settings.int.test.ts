import { DEFAULT_SETTINGS, DEFAULT_SITE_CONTENT } from '@app/contracts/api/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

describe('settings and site content API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('serves the defaults before anything is saved; content is public, settings are for admins', async () => {
    expect((await t.call('GET', '/api/content')).body).toEqual({ ...DEFAULT_SITE_CONTENT, logo: null });
    expect(DEFAULT_SITE_CONTENT.address).toContain('Alaska');
    expect((await t.call('GET', '/api/settings', undefined, t.adminToken)).body).toEqual({
      ...DEFAULT_SETTINGS,
      version: 0,
    });
  });

  it('saves a settings section and leaves the others as they were', async () => {
    const pricing = {
      ...DEFAULT_SETTINGS.pricing,
      laborHourlyRate: 85,
      customServices: [{ id: 'tr', name: 'System Training', price: 150, description: '' }],
    };
    const res = await t.call('PUT', '/api/settings', { section: 'pricing', data: pricing }, t.adminToken);
    expect(res.status).toBe(200);
    expect(res.body.pricing).toEqual(pricing);
    expect(res.body.company).toEqual(DEFAULT_SETTINGS.company);
    const company = {
      name: 'Northern Guard',
      email: 'office@example.com',
      phone: '907-555-0199',
      address: 'Wasilla, AK',
      logo: null,
    };
    await t.call('PUT', '/api/settings', { section: 'company', data: company }, t.adminToken);
    const read = await t.call('GET', '/api/settings', undefined, t.adminToken);
    expect(read.body).toMatchObject({ company, pricing });
  });

  it('saves site content and then contact details, which the public read shows at once', async () => {
    const content = {
      ...DEFAULT_SITE_CONTENT,
      companyTitle: 'Aurora Installs',
      heroDescription: 'Cameras and Starlink from Nome to Ketchikan.',
    };
    expect((await t.call('POST', '/api/content/save', content, t.adminToken)).status).toBe(200);
    expect((await t.call('GET', '/api/content')).body).toEqual({ ...content, logo: null });
    const contact = {
      email: 'hello@example.com',
      phone: '907-555-0123',
      website: 'https://aurora.example',
      address: 'Fairbanks, AK',
    };
    expect((await t.call('POST', '/api/content/contact', contact, t.adminToken)).status).toBe(200);
    expect((await t.call('GET', '/api/content')).body).toEqual({
      ...content,
      logo: null,
      contactEmail: contact.email,
      contactPhone: contact.phone,
      website: contact.website,
      address: contact.address,
    });
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const before = (await t.call('GET', '/api/settings', undefined, t.adminToken)).body;
    const negative = await t.call(
      'PUT',
      '/api/settings',
      { section: 'pricing', data: { ...DEFAULT_SETTINGS.pricing, wiredCameraPrice: -5 } },
      t.adminToken,
    );
    expect([negative.status, negative.body.message]).toEqual([
      400,
      'data.wiredCameraPrice: Wired camera price cannot be negative',
    ]);
    const section = await t.call('PUT', '/api/settings', { section: 'secrets', data: {} }, t.adminToken);
    expect(section.status).toBe(400);
    const email = await t.call(
      'POST',
      '/api/content/contact',
      { email: 'nope', phone: '', website: '', address: '' },
      t.adminToken,
    );
    expect([email.status, email.body.message]).toEqual([400, 'email: Invalid email']);
    expect((await t.call('GET', '/api/settings', undefined, t.adminToken)).body).toEqual(before);
  });

  it('answers 401 to anonymous callers and 403 to non-admins', async () => {
    const u = await t.createUser();
    const token = await t.activate(u.email, u.temporaryPassword);
    const calls: [string, string, unknown][] = [
      ['GET', '/api/settings', undefined],
      ['PUT', '/api/settings', { section: 'admin', data: { email: '', name: '' } }],
      ['POST', '/api/content/save', DEFAULT_SITE_CONTENT],
      ['POST', '/api/content/contact', { email: '', phone: '', website: '', address: '' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.call(method, url, body)).status).toBe(401);
      expect((await t.call(method, url, body, token)).status).toBe(403);
    }
  });
});
