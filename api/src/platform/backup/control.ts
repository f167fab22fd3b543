import { createHash } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The running embedded shop's operator door: a Unix socket in DATA_DIR that only the owner of
 * the files can open (mode 0600), through which `npm run backup` asks the process holding the
 * database for a backup, and `npm run restore` learns that the shop is running. No HTTP route:
 * nothing of it is reachable from the network.
 */
export interface ControlRequest {
  command: 'backup' | 'ping';
  /** Absolute path of the file to write; unset: the backup folder, with rotation. */
  out?: string;
}

export type ControlAnswer = { ok: true; [key: string]: unknown } | { ok: false; error: string };

/** `DATA_DIR/shop.sock`, or a name in the temp folder when that path is too long for a socket. */
export function controlSocketPath(dataDir: string): string {
  const path = join(dataDir, 'shop.sock');
  if (Buffer.byteLength(path) <= 100) return path;
  return join(tmpdir(), `atelier-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

/** Asks the shop running on `dataDir`; null when none is (no socket, or nobody answering on it). */
export async function askShop(dataDir: string, request: ControlRequest): Promise<ControlAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let text = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(error.code ?? '')) resolve(null);
      else reject(error);
    });
    socket.once('close', () => {
      if (!connected) return;
      try {
        resolve(JSON.parse(text) as ControlAnswer);
      } catch {
        reject(new Error(`the running shop gave no answer (${text.slice(0, 200) || 'connection closed'})`));
      }
    });
  });
}

/**
 * Opens the door. A socket file left by a process that died is replaced; one a live shop
 * answers on is not (two processes must never open one PGlite folder): then this answers false.
 */
export async function serveControl(
  dataDir: string,
  handle: (request: ControlRequest) => Promise<ControlAnswer>,
): Promise<Server | null> {
  const path = controlSocketPath(dataDir);
  if ((await askShop(dataDir, { command: 'ping' }).catch(() => null)) !== null) return null;
  await rm(path, { force: true });
  const server = createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end === -1) {
        if (text.length > 10_000) socket.destroy();
        return;
      }
      let request: ControlRequest;
      try {
        request = JSON.parse(text.slice(0, end)) as ControlRequest;
      } catch {
        socket.end(JSON.stringify({ ok: false, error: 'bad request' }));
        return;
      }
      // Every failure becomes an answer: nothing is left to reject.
      void handle(request)
        .catch((error: unknown) => ({
          ok: false as const,
          error: error instanceof Error ? error.message : String(error),
        }))
        .then((answer) => socket.end(JSON.stringify(answer)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  server.unref();
  return server;
}
