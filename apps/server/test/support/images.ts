import sharp from 'sharp';

/** A small photo-like JPEG (gradient and shapes), different for each seed. */
export async function samplePhoto(seed = 1, width = 320, height = 240): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 47) % 360},70%,60%)"/><stop offset="1" stop-color="hsl(${(seed * 91) % 360},60%,30%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.35}" cy="${height * 0.45}" r="${height * 0.25}" fill="#f4d2b5"/>
    <rect x="${width * 0.55}" y="${height * 0.3}" width="${width * 0.3}" height="${height * 0.5}" fill="#2b4c7e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A multipart/form-data body, as a browser would send it. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; data: Buffer },
) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
