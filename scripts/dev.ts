import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * npm run dev: the service (restarted when its sources change) and the web application with
 * hot reload on http://localhost:5173, which passes API calls to the service.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--watch', 'src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, SERVICE_URL: `http://127.0.0.1:${port}` },
    },
  ),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
