/**
 * Sets (or resets) the password of an account, the root admin's above all:
 *
 *   npm run admin:password -- admin@example.com
 *
 * The new password is read from standard input: typed twice, unseen, at a terminal; or piped
 * (`printf '%s\n' "$NEW_PASSWORD" | npm run admin:password -- admin@example.com`). It must pass
 * the shop's own password rules. Every session of the account ends. The database is the shop's
 * (DATA_DIR or DATABASE_URL, as `npm start` reads them); the embedded database can be open in one
 * process only, so the shop must be stopped first (on PostgreSQL it may keep running).
 */
import { ConfigError, loadConfig } from '../config.js';
import { DatabaseInUseError, openDatabase } from '../db/client.js';
import { keepFilesPrivate } from '../platform/security/private-files.js';
import { passwordProblem, setPassword } from './set-password.js';

const USAGE = 'Usage: npm run admin:password -- <email>   (the new password is read from standard input)';

/** Reads one line from a terminal without showing it. */
function askHidden(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  return new Promise((resolve, reject) => {
    let answer = '';
    stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else if (char >= ' ') answer += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of a piped standard input (without its line ending). */
async function readPiped(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  keepFilesPrivate();
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') fail(USAGE);
  const email = args[0]!.trim().toLowerCase();
  if (!email.includes('@')) fail(`"${args[0]}" is not an email address.\n${USAGE}`);

  let config;
  try {
    config = loadConfig(process.env, { for: 'command' });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let password: string;
  if (process.stdin.isTTY) {
    password = await askHidden(`New password for ${email}: `);
    const problem = passwordProblem(password);
    if (problem) fail(problem);
    if ((await askHidden('Again, to be sure: ')) !== password) fail('The two passwords differ; nothing was changed.');
  } else {
    password = await readPiped();
    const problem = passwordProblem(password);
    if (problem) fail(problem);
  }

  let database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message); // DATA_DIR of another user
    if (error instanceof DatabaseInUseError)
      fail(`The shop is running on ${config.dataDir} (process ${error.pid}): stop the shop first, then run this again.
(The embedded database can be open in one process only. If no shop is running, delete ${error.dataDir}/db.lock.)`);
    throw error;
  }
  let result;
  try {
    result = await setPassword(database.db, email, password);
  } finally {
    await database.close();
  }
  if (!result) fail(`No account has the email ${email}; nothing was changed.`);
  const who = result.role === 'ROOT_ADMIN' ? 'the root admin' : `the ${result.role.toLowerCase()} account`;
  const sessions = result.sessionsEnded === 1 ? '1 session' : `${result.sessionsEnded} sessions`;
  process.stdout.write(`Password changed for ${email} (${who}); ${sessions} ended.\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error && error.message === 'cancelled' ? 'Cancelled; nothing was changed.' : error);
  process.exit(1);
});
