import { describe, expect, it } from 'vitest';
import { imageProblem, imageSize } from './image-file';

/** Real 7×3 images, as sharp writes them. */
const SAMPLES = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAcAAAADCAIAAADQoYKSAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNoMHDARAwkiAIAj1ATsWA/xX4AAAAASUVORK5CYII=',
  jpeg: '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAcDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCbgBVr/9k=',
  webp: 'UklGRjQAAABXRUJQVlA4ICgAAABwAQCdASoHAAMAAUAmJaACdAFAAAD+9BijSIQf/yU/+8r/XdxQAAAA',
  webpLossless: 'UklGRh4AAABXRUJQVlA4TBEAAAAvBoAAAAdQmAIWqP+BiOh/AAA=',
  webpExtended:
    'UklGRkgAAABXRUJQVlA4WAoAAAAQAAAABgAAAgAAQUxQSAoAAAABB1DAiAhERP8DVlA4IBgAAAAwAQCdASoHAAMAAUAmJaQAA3AA/v0gUAA=',
};
const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/** A PNG that only claims its size: signature and IHDR of `width`×`height`. */
function pngHeader(width: number, height: number) {
  const header = new Uint8Array(33);
  header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(header.buffer).setUint32(16, width);
  new DataView(header.buffer).setUint32(20, height);
  return header;
}

describe('imageSize', () => {
  it('reads the width and height of JPEG, PNG and WebP (lossy, lossless, extended) headers', () => {
    for (const [format, base64] of Object.entries(SAMPLES))
      expect(imageSize(bytes(base64)), format).toEqual({ width: 7, height: 3 });
  });

  it('knows no size for what is not one of these images', () => {
    expect(imageSize(new TextEncoder().encode('Not an image, though the file is named shirt.png'))).toBeNull();
    expect(imageSize(bytes(SAMPLES.png).slice(0, 12))).toBeNull();
    expect(imageSize(new TextEncoder().encode('GIF89a\u0007\u0000\u0003\u0000'))).toBeNull();
  });
});

describe('imageProblem (checked when a file is chosen)', () => {
  const file = (content: BlobPart, name: string, type = 'image/png') => new File([content], name, { type });

  it('takes a real image', async () => {
    expect(await imageProblem(file(bytes(SAMPLES.png), 'shirt.png'))).toBeNull();
    expect(await imageProblem(file(bytes(SAMPLES.jpeg), 'shirt.jpg', 'image/jpeg'))).toBeNull();
  });

  it('refuses a text file named .png, which the browser calls image/png', async () => {
    expect(await imageProblem(file('just some notes', 'notes.png'))).toBe('fileType');
  });

  it('refuses by type and by size before reading, and a pixel flood by its header', async () => {
    expect(await imageProblem(file(bytes(SAMPLES.png), 'shirt.gif', 'image/gif'))).toBe('fileType');
    expect(await imageProblem(file(new Uint8Array(2 * 1024 * 1024 + 1), 'big.png'))).toBe('fileSize');
    expect(await imageProblem(file(pngHeader(20_000, 20_000), 'flood.png'))).toBe('pixels');
    expect(await imageProblem(file(pngHeader(5_000, 5_000), 'fine.png'))).toBeNull();
  });
});
