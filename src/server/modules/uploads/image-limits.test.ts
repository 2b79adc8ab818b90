import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../shared/i18n/resources.ts';
import { AppError } from '../../errors.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { multipart, photo } from '../../test/images.ts';
import { decodeGate, IMAGE_PIXELS_MAX, imageDecodes, processImage } from './image.ts';

/** A real 16-bit PNG of `width`×`height`: small on disk, costly to decode (the attack). */
function deepPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
}

describe('image decoding limits', () => {
  it('refuses a 27-megapixel 16-bit PNG from its header, and keeps the cap at a phone photo', async () => {
    const png = await deepPng(6000, 4500);
    expect((await sharp(png).metadata()).depth).toBe('ushort');
    expect(IMAGE_PIXELS_MAX).toBeLessThanOrEqual(24_000_000);
    const outcome = await processImage(png).then(
      () => 'accepted',
      (err: unknown) => err,
    );
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).status).toBe(413);
    expect((outcome as AppError).messageKey).toBe('complaints:messages.imageTooManyPixels');
  });

  it('decodes at most `concurrency` images at once, queues a few, and refuses the rest as busy', async () => {
    const gate = decodeGate({ concurrency: 1, queue: 1 });
    let release!: () => void;
    const blocker = new Promise<void>((r) => {
      release = r;
    });
    const running = gate.run(() => blocker);
    const image = await photo(320, 240);
    const queued = processImage(image, gate);
    await new Promise((r) => setImmediate(r));
    await expect.poll(() => gate.stats()).toEqual({ active: 1, waiting: 1 });
    const refused = await processImage(image, gate).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    release();
    await running;
    expect((await queued).contentType).toBe('image/jpeg');
    expect(gate.stats()).toEqual({ active: 0, waiting: 0 });
    // Free again: the next decode goes straight through.
    expect((await processImage(image, gate)).width).toBe(320);
  });
});

describe('an upload while every decode slot is taken', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 busy in the borrower’s language at once, and works again once decodes finish', async () => {
    const token = await t.signIn('ID');
    const form = multipart('problemImage', 'a.jpg', 'image/jpeg', await photo());
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/h5-api/v3/user-problem/upload-problem-img',
        headers: { ...t.auth(token), ...form.headers },
        payload: form.payload,
      });
    let release!: () => void;
    const blocker = new Promise<void>((r) => {
      release = r;
    });
    const { concurrency, queue } = imageDecodes.limits;
    const held = Array.from({ length: concurrency + queue }, () => imageDecodes.run(() => blocker));
    try {
      const busy = await send();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({
        code: '503',
        data: null,
        message: translate('id', 'common', 'errors.unavailable'),
      });
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await send()).statusCode).toBe(200);
  });
});
