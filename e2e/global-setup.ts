import { seedTemplate } from './support/server.js';

/** Seeds one data folder (migrations, demo catalogue, root admin) that every worker copies. */
export default async function globalSetup(): Promise<void> {
  await seedTemplate();
}
