import type { PGlite } from '@electric-sql/pglite';

/**
 * What a file's database must be like again before the next file may use it: the template's rows
 * in every table (the migrations' own: categories, the settings row, drizzle's journal) and the
 * template's sequences. Read once from a database fresh from the template.
 */
export interface Baseline {
  /** The schema's fingerprint: a file that changed the schema leaves a database not reused. */
  schema: string;
  /** `truncate` of every table, identities restarted. */
  truncate: string;
  /** The template's rows, table by table, as JSON. */
  rows: { table: string; columns: string; json: string }[];
  /** `select setval(…)` of every sequence, as the template has it. */
  sequences: string;
}

// Every object a migration or a test can make, outside PostgreSQL's own schemas: a file that
// altered, added or dropped one leaves a database the next file must not get.
const SCHEMA_FINGERPRINT = `
  with user_namespaces as (
    select oid, nspname from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'
  )
  select md5(string_agg(line, E'\\n' order by line)) as fingerprint from (
    select 'namespace ' || nspname as line from user_namespaces
    union all
    select 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text
      from pg_class c join user_namespaces n on n.oid = c.relnamespace
    union all
    select 'column ' || n.nspname || '.' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || ' ' || a.attnotnull::text || ' ' || a.attidentity::text || ' ' || a.attgenerated::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid join user_namespaces n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace in (select oid from user_namespaces)
    union all
    select 'index ' || pg_get_indexdef(indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relnamespace in (select oid from user_namespaces)
    union all
    select 'trigger ' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
    union all
    select 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
      from pg_proc p where p.pronamespace in (select oid from user_namespaces)
    union all
    select 'enum ' || t.typname || ' ' || e.enumlabel || ' ' || e.enumsortorder::text
      from pg_enum e join pg_type t on t.oid = e.enumtypid
    union all
    select 'view ' || c.oid::regclass::text || ' ' || pg_get_viewdef(c.oid)
      from pg_class c where c.relkind in ('v', 'm') and c.relnamespace in (select oid from user_namespaces)
    union all
    select 'role ' || rolname from pg_roles
    union all
    select 'extension ' || extname || ' ' || extversion from pg_extension
    union all
    select 'database ' || datname from pg_database
    union all
    select 'setting ' || coalesce(setdatabase::text, '') || ' ' || array_to_string(setconfig, ',') from pg_db_role_setting
  ) lines`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Reads what `reset` restores, from a database fresh from the template. */
export async function readBaseline(client: PGlite): Promise<Baseline> {
  const schema = await fingerprint(client);
  const tables = (
    await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_t%'
       order by 1, 2`,
    )
  ).rows.map((table) => `${quote(table.schema)}.${quote(table.name)}`);
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    const json = found[0]?.json;
    if (!json) continue;
    // Generated columns are computed again; identities are taken as the template had them.
    const { rows: columns } = await client.query<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
       order by attnum`,
      [table],
    );
    rows.push({ table, columns: columns.map((column) => quote(column.name)).join(', '), json });
  }
  const { rows: sequences } = await client.query<{ name: string }>(
    `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname not in ('pg_catalog', 'information_schema')`,
  );
  const setvals: string[] = [];
  for (const { name } of sequences) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    const [value] = state;
    if (value) setvals.push(`setval('${name.replaceAll("'", "''")}', ${value.last_value}, ${value.is_called})`);
  }
  return {
    schema,
    truncate: `truncate ${tables.join(', ')} restart identity cascade`,
    rows,
    sequences: setvals.length > 0 ? `select ${setvals.join(', ')}` : 'select 1',
  };
}

async function fingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]!.fingerprint;
}

/**
 * Makes `client` again what a database fresh from the template is, for the next test file, and
 * says whether it could: false when the file changed the schema (a migration test, a column
 * renamed to break an export), left a transaction open or closed the database.
 */
export async function reset(client: PGlite, baseline: Baseline): Promise<boolean> {
  if (client.closed) return false;
  // A session as a new connection starts it: no settings, temporary tables, prepared statements,
  // advisory locks or channels of the last file. (DISCARD ALL fails inside a transaction block.)
  await client.exec('discard all');
  if ((await fingerprint(client)) !== baseline.schema) return false;
  await client.transaction(async (tx) => {
    await tx.exec(baseline.truncate);
    // Rows go back as they were, whatever the order of the foreign keys, and no trigger writes
    // beside them (the price history, the change feed's notifications).
    await tx.exec(`set local session_replication_role = replica`);
    for (const { table, columns, json } of baseline.rows)
      await tx.query(
        `insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, $1)`,
        [json],
      );
    await tx.exec(baseline.sequences);
  });
  return true;
}
