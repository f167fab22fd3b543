import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { BackupOverview } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { BackupPanel } from './backup-panel';

const HOUR = 3600_000;
const base: BackupOverview = {
  automatic: true,
  intervalHours: 24,
  keep: 7,
  last: { at: new Date(Date.now() - 3 * HOUR).toISOString(), bytes: 7_340_032, file: 'atelier-backup-x.tar.gz' },
  lastAttempt: { at: new Date(Date.now() - 3 * HOUR).toISOString(), status: 'ok', message: null },
  stale: false,
};

function renderPanel(overview: BackupOverview | null) {
  fakeApi({
    'GET /api/admin/backups': overview
      ? { body: overview }
      : { status: 500, body: { error: 'Something went wrong.', code: 'INTERNAL' } },
  });
  signIn();
  return renderWithApi(<BackupPanel lang="en" />);
}

describe('BackupPanel', () => {
  it("shows the last backup's time and size, and no warning while it is fresh", async () => {
    renderPanel(base);
    expect(await screen.findByText(/Last backup: .*, 7\.3 MB/)).toBeInTheDocument();
    expect(screen.getByText('Taken automatically every 24 hours; the last 7 are kept.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the last attempt failed, with its message', async () => {
    renderPanel({
      ...base,
      lastAttempt: { at: new Date().toISOString(), status: 'failed', message: 'ENOSPC: no space left on device' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /The last backup failed \(.*\): ENOSPC: no space left on device/,
    );
  });

  it('warns when the last backup is more than 2 days old, or when there is none', async () => {
    const { unmount } = renderPanel({ ...base, stale: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('The last backup is more than 2 days old.');
    unmount();
    renderPanel({ ...base, automatic: false, last: null, lastAttempt: null, stale: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('No backup has been taken yet.');
    expect(screen.getByText(/run npm run backup on a schedule/)).toBeInTheDocument();
  });

  it('says so when the state cannot be read', async () => {
    renderPanel(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not read the state of the backups.');
  });
});
