import { seedTemplate } from './support/server.js';

/**
 * Seeds one data folder (migrations, demo catalogue, root admin) that every worker copies;
 * the returned function (Playwright's teardown) removes it.
 */
export default async function globalSetup(): Promise<() => void> {
  return seedTemplate();
}
