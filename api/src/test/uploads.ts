import sharp from 'sharp';

/** A real image made by sharp: a flat colour with a stripe, so every colour gives different bytes. */
export async function testImage(
  color: string,
  options: { format?: 'png' | 'jpeg' | 'webp'; width?: number; height?: number } = {},
): Promise<Buffer> {
  const { format = 'png', width = 120, height = 150 } = options;
  const stripe = Buffer.from(
    `<svg width="${width}" height="${Math.round(height / 5)}"><rect width="100%" height="100%" fill="#fff"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: stripe, top: Math.round(height / 2), left: 0 }])
    .toFormat(format)
    .toBuffer();
}

export type FormFiles = Record<string, Buffer | { bytes: Buffer; filename: string; type?: string }>;

/**
 * A multipart/form-data body for `app.inject`, encoded by the platform's own FormData, as a
 * browser would send it.
 */
export async function multipart(
  fields: Record<string, string | number>,
  files: FormFiles = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    const { bytes, filename, type } = Buffer.isBuffer(file)
      ? { bytes: file, filename: `${name}.png`, type: 'image/png' }
      : file;
    form.append(name, new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }), filename);
  }
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
