import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, MESSAGES } from '../../src/contract';
import { multipartBody, PNG_BYTES } from './helpers/multipart';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const upload = (persona: 'skylineAgent' | 'harborAdmin', id: number, part: Parameters<typeof multipartBody>[0][number]) => {
  const body = multipartBody([part]);
  return ctx.inject(persona, { method: 'POST', url: `/api/v1/users/${id}/avatar`, payload: body.payload, headers: body.headers });
};

describe('POST /api/v1/users/{id}/avatar', () => {
  it('stores a PNG, serves it under the image prefix and replaces the previous one', async () => {
    const first = await upload('skylineAgent', ctx.ids.skylineAgent, { name: 'avatar', filename: 'me.png', type: 'image/png', data: PNG_BYTES });
    expect(first.statusCode).toBe(200);
    const url = first.json().data.avatar as string;
    expect(url).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]+\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    // Stored re-encoded (never the uploaded bytes as they came), still a PNG.
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    expect(served.rawPayload.subarray(0, 8).equals(PNG_BYTES.subarray(0, 8))).toBe(true);
    expect((await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users/profile' })).json().data.avatar).toBe(url);

    const second = await upload('skylineAgent', ctx.ids.skylineAgent, { name: 'avatar', filename: 'new.png', type: 'image/png', data: PNG_BYTES });
    expect(second.json().data.avatar).not.toBe(url);
    expect(existsSync(path.join(ctx.database.dir, url.replace('/uploads/', 'uploads/')))).toBe(false);
  });

  it('refuses what is not a JPEG or PNG, whatever its declared type', async () => {
    const res = await upload('skylineAgent', ctx.ids.skylineAgent, {
      name: 'avatar',
      filename: 'x.png',
      type: 'image/png',
      data: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ avatar: [MESSAGES.validation.imageOnly] });
    const json = await ctx.inject('skylineAgent', { method: 'POST', url: `/api/v1/users/${ctx.ids.skylineAgent}/avatar`, payload: { avatar: 'x' } });
    expect(json.statusCode).toBe(422);
  });

  it('refuses files over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(AVATAR_MAX_BYTES + 10)]);
    const res = await upload('skylineAgent', ctx.ids.skylineAgent, { name: 'avatar', filename: 'big.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'Error', message: MESSAGES.profile.avatarTooLarge });
  });

  it("answers 404 for someone else's avatar", async () => {
    const res = await upload('harborAdmin', ctx.ids.skylineAgent, { name: 'avatar', filename: 'me.png', type: 'image/png', data: PNG_BYTES });
    expect(res.statusCode).toBe(404);
  });
});
