// `npm run dev`: the API (restarting on change) and Vite's dev server (proxying /api, /files, /pay).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'api/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  });
