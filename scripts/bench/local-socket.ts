// Imported first by run.ts, before any module reads TEST_DATABASE_URL: with none set, and this
// host's PostgreSQL listening on its Unix socket, the benchmark connects there, as a shop whose
// database runs on its own host should (decision 0101: a statement's round trip over loopback TCP
// cost the checkout's p99 its target). TEST_DATABASE_URL, when set, is used as it is.
import { existsSync } from 'node:fs';

const SOCKET_DIRECTORY = '/var/run/postgresql';

if (!process.env.TEST_DATABASE_URL && existsSync(`${SOCKET_DIRECTORY}/.s.PGSQL.5432`)) {
  process.env.TEST_DATABASE_URL = `postgres://postgres@localhost/test?host=${SOCKET_DIRECTORY}`;
}
