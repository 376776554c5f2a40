import { describe, expect, it } from 'vitest';
import { apiUrl, DEFAULT_CONFIG, imageUrl, resolveConfig } from '../../src/core';

describe('resolveConfig', () => {
  it('fills in the defaults', () => {
    expect(resolveConfig()).toEqual({
      apiBase: '',
      imagePrefix: '/uploads/',
      storagePrefix: 'estatedesk.',
      locale: 'en-IN',
      namespace: 'default',
    });
    expect(DEFAULT_CONFIG.storagePrefix).toBe('estatedesk.');
  });

  it('keeps given values, ignores undefined ones and trims the API base', () => {
    const getToken = () => 't';
    const config = resolveConfig({ apiBase: ' https://api.example.com/ ', storagePrefix: '', locale: undefined, getToken, storage: null });
    expect(config.apiBase).toBe('https://api.example.com');
    expect(config.storagePrefix).toBe('');
    expect(config.locale).toBe('en-IN');
    expect(config.getToken).toBe(getToken);
    expect(config.storage).toBeNull();
  });
});

describe('apiUrl', () => {
  it('puts /api/v1 between the base and the path', () => {
    expect(apiUrl({ apiBase: '' }, '/leads/7')).toBe('/api/v1/leads/7');
    expect(apiUrl({ apiBase: 'https://api.example.com' }, 'auth')).toBe('https://api.example.com/api/v1/auth');
  });
});

describe('imageUrl', () => {
  const same = resolveConfig();
  const remote = resolveConfig({ apiBase: 'https://api.example.com' });
  const bucket = resolveConfig({ imagePrefix: 'https://bucket.example.com/estate/' });

  it('puts the prefix in front of a stored path', () => {
    expect(imageUrl(same, 'properties/7/cover.jpg')).toBe('/uploads/properties/7/cover.jpg');
    expect(imageUrl(same, '/properties/7/cover.jpg')).toBe('/uploads/properties/7/cover.jpg');
    expect(imageUrl(bucket, 'a.jpg')).toBe('https://bucket.example.com/estate/a.jpg');
  });

  it('serves a root-relative prefix from the API host', () => {
    expect(imageUrl(remote, 'a.jpg')).toBe('https://api.example.com/uploads/a.jpg');
    expect(imageUrl(bucket, 'a.jpg')).toBe('https://bucket.example.com/estate/a.jpg');
  });

  it('does not prefix a path twice', () => {
    expect(imageUrl(same, '/uploads/a.jpg')).toBe('/uploads/a.jpg');
    expect(imageUrl(same, 'uploads/a.jpg')).toBe('/uploads/a.jpg');
    expect(imageUrl(bucket, 'https://bucket.example.com/estate/a.jpg')).toBe('https://bucket.example.com/estate/a.jpg');
  });

  it('passes absolute URLs through and gives "" for nothing', () => {
    for (const url of ['https://cdn.example.com/a.jpg', 'http://x/y.png', 'data:image/png;base64,AAA', 'blob:https://x/1', '//cdn.example.com/a.jpg']) {
      expect(imageUrl(remote, url)).toBe(url);
    }
    expect(imageUrl(same, null)).toBe('');
    expect(imageUrl(same, '  ')).toBe('');
  });
});
