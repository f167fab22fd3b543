import type { ImportApplied, ImportSummary, ImportUndone, Language, LastImport } from '@shop/contract';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { dbInt, queryRows } from '../../db/rows.js';
import { auditLog, catalogueImports, products, users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../../platform/audit.js';
import type { CatalogueFormat } from './formats.js';
import { dryRunPlan, type Change } from './import-dry-run.js';
import { resolveImages } from './import-images.js';
import { orderedSince } from './import-orders.js';
import { parseCatalogue, type ImportIssue, type PlannedProduct } from './import-parse.js';
import { restore, same, snapshot, unchangedSince, type RestorableSnapshot } from './import-snapshot.js';
import { writePlan, type Touched } from './import-write.js';

function summaryOf(
  importId: number,
  rows: number,
  changes: { product: PlannedProduct; change: Change }[],
  errors: ImportIssue[],
  warnings: ImportIssue[],
): ImportSummary {
  const count = (change: Change) => changes.filter((entry) => entry.change === change).length;
  return {
    importId,
    rows,
    create: count('create'),
    update: count('update'),
    unchanged: count('unchanged'),
    errors: [...errors].sort((a, b) => a.row - b.row),
    warnings: [...warnings].sort((a, b) => a.row - b.row),
    changes: changes.map(({ product, change }) => ({
      row: product.row,
      styleCode: product.styleCode,
      name: product.texts.en.name,
      nameBg: product.texts.bg.name,
      change,
    })),
  };
}

/**
 * `POST /api/admin/products/import`: reads the file, stores the images it names (checked as
 * uploads; unused files are collected as any upload's), compares the plan with the catalogue —
 * the apply's decisions, read and compared, nothing written — and keeps the plan and the answer
 * in one row.
 */
export async function dryRunImport(
  db: Db,
  actorId: number,
  input: { csv: string; zip?: Buffer; format: CatalogueFormat; lang: Language },
): Promise<ImportSummary> {
  const parsed = parseCatalogue(input.csv, input.format, input.lang);
  const errors = [...parsed.errors];
  const warnings = [...parsed.warnings];
  await resolveImages(db, parsed.products, input.zip, errors, warnings);
  const changes = await dryRunPlan(db, parsed.products, errors);
  const [next] = await queryRows(
    db,
    z.object({ id: dbInt }),
    sql`select nextval(pg_get_serial_sequence('catalogue_imports', 'id')) as id`,
  );
  const summary = summaryOf(next!.id, parsed.rows, changes, errors, warnings);
  await db
    .insert(catalogueImports)
    .values({ id: next!.id, actorId, format: input.format, plan: parsed.products, summary });
  return summary;
}

async function importRow(tx: Tx | Db, importId: number) {
  const [row] = await tx.select().from(catalogueImports).where(eq(catalogueImports.id, importId)).for('update');
  if (!row) throw notFound('No such import.');
  return row;
}

/** `POST …/import/{id}/apply`: writes the dry run's plan for real, audited. */
export async function applyImport(db: Db, actorId: number, importId: number): Promise<ImportApplied> {
  return db.transaction(async (tx) => {
    const row = await importRow(tx, importId);
    if (row.status !== 'dry_run') throw new AppError('CONFLICT', 'This import was applied already.');
    const summary = row.summary as ImportSummary;
    if (summary.errors.length > 0)
      throw new AppError('IMPORT_HAS_ERRORS', 'The dry run found errors: correct the file and upload it again.');
    const errors: ImportIssue[] = [];
    const touched = await writePlan(tx, row.plan as PlannedProduct[], errors);
    if (errors.length > 0) throw new AppError('IMPORT_HAS_ERRORS', errors[0]!.message);
    const changed = touched.filter((entry) => entry.created || !same(entry.before, entry.after));
    const created = changed.filter((entry) => entry.created).length;
    const updated = changed.length - created;
    await tx
      .update(catalogueImports)
      .set({ status: 'applied', touched: changed, appliedAt: new Date() })
      .where(eq(catalogueImports.id, importId));
    await audit(tx, {
      actorId,
      action: 'catalogue.import',
      target: `import:${importId}`,
      detail: { format: row.format, created, updated, productIds: changed.map((entry) => entry.productId) },
    });
    return { created, updated };
  });
}

/**
 * `POST …/import/{id}/undo`: puts every product the import touched back as it was — only the last
 * applied import, and only while none of its products changed since and no order names a product
 * or colour it created (409 IMPORT_SUPERSEDED, naming that product).
 */
export async function undoImport(db: Db, actorId: number, importId: number): Promise<ImportUndone> {
  return db.transaction(async (tx) => {
    const row = await importRow(tx, importId);
    if (row.status !== 'applied') throw new AppError('CONFLICT', 'Only an applied import can be undone.');
    const [last] = await tx
      .select({ id: catalogueImports.id })
      .from(catalogueImports)
      .where(isNotNull(catalogueImports.appliedAt))
      .orderBy(desc(catalogueImports.appliedAt))
      .limit(1);
    if (last?.id !== importId) throw new AppError('IMPORT_SUPERSEDED', 'Only the last import can be undone.');
    const touched = (row.touched ?? []) as Touched[];
    const ordered = await orderedSince(tx, touched);
    if (ordered)
      throw new AppError(
        'IMPORT_SUPERSEDED',
        `${ordered.name} (${ordered.styleCode}) was ordered since this import, and the order refers to it: the import cannot be undone.`,
      );
    for (const entry of touched) {
      if (!unchangedSince(await snapshot(tx, entry.productId), entry.after))
        throw new AppError('IMPORT_SUPERSEDED', 'A product of this import was changed since: it cannot be undone.');
    }
    for (const entry of touched) {
      if (entry.created) await tx.delete(products).where(eq(products.id, entry.productId));
      else await restore(tx, entry.productId, entry.before as unknown as RestorableSnapshot);
    }
    await tx
      .update(catalogueImports)
      .set({ status: 'undone', undoneAt: new Date() })
      .where(eq(catalogueImports.id, importId));
    await audit(tx, {
      actorId,
      action: 'catalogue.import_undo',
      target: `import:${importId}`,
      detail: { productIds: touched.map((entry) => entry.productId) },
    });
    return { restored: touched.length };
  });
}

/**
 * `GET /api/admin/products/import/last`: the last import applied (undone since or not), so the
 * Import screen offers its undo after a reload; `undoable` is what the undo would check.
 */
export async function lastImport(db: Db): Promise<LastImport> {
  const [row] = await db
    .select()
    .from(catalogueImports)
    .where(isNotNull(catalogueImports.appliedAt))
    .orderBy(desc(catalogueImports.appliedAt))
    .limit(1);
  if (!row) return null;
  const touched = (row.touched ?? []) as Touched[];
  const orderedProduct = row.status === 'applied' ? await orderedSince(db, touched) : null;
  let superseded = orderedProduct !== null;
  if (row.status === 'applied' && !superseded)
    for (const entry of touched)
      if (!unchangedSince(await snapshot(db, entry.productId), entry.after)) {
        superseded = true;
        break;
      }
  const created = touched.filter((entry) => entry.created).length;
  // Who applied it: the audit row `applyImport` wrote (the uploader of the dry run may be another admin).
  const [appliedBy] = await db
    .select({ name: users.name, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.action, 'catalogue.import'), eq(auditLog.target, `import:${row.id}`)))
    .limit(1);
  return {
    importId: row.id,
    format: row.format as CatalogueFormat,
    status: row.status,
    appliedAt: row.appliedAt?.toISOString() ?? null,
    appliedBy: appliedBy ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    created,
    updated: touched.length - created,
    undoable: row.status === 'applied' && !superseded,
    superseded,
    orderedProduct,
  };
}
