// The benchmark's baseline: a bare node:http server that answers every request with the same
// bytes the API sent (read once from a file), so ratios measure the framework, not the payload.
// A fourth argument is the content-encoding of those bytes (a compressed page, sent as it came).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file, contentType, contentEncoding] = process.argv.slice(2);
if (!file) throw new Error('usage: bare-server.mjs <port> <file> <content-type> [content-encoding]');
const body = readFileSync(file);
const headers = {
  'content-type': contentType,
  'content-length': body.length,
  ...(contentEncoding ? { 'content-encoding': contentEncoding } : {}),
};
createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
