import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { freshDatabase } from './db';

/**
 * db/schema.ts is written by hand; this test keeps it in step with the migrations. It reads the
 * `DB` interface of schema.ts with the TypeScript parser and compares every table and view, every
 * column, its nullability and its kind (number, string, boolean, Date, JSON) with what the migrations
 * built in a fresh database. A migration that adds a column, or a schema.ts edit that invents one,
 * fails here.
 */

type Kind = 'number' | 'string' | 'boolean' | 'Date' | 'json';
interface ColumnShape {
  kind: Kind;
  nullable: boolean;
}

const SCHEMA_TS = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));

/** Table → column → shape, as schema.ts declares them. */
function declaredSchema(): Map<string, Map<string, ColumnShape>> {
  const source = ts.createSourceFile(SCHEMA_TS, readFileSync(SCHEMA_TS, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const st of source.statements) {
    if (ts.isInterfaceDeclaration(st)) interfaces.set(st.name.text, st);
    if (ts.isTypeAliasDeclaration(st)) aliases.set(st.name.text, st.type);
  }

  /** The kinds a select of this type can produce (`null` included). */
  const kindsOf = (node: ts.TypeNode): Set<Kind | 'null'> => {
    if (ts.isUnionTypeNode(node)) return new Set(node.types.flatMap((t) => [...kindsOf(t)]));
    if (ts.isParenthesizedTypeNode(node)) return kindsOf(node.type);
    if (ts.isLiteralTypeNode(node)) {
      if (node.literal.kind === ts.SyntaxKind.NullKeyword) return new Set(['null']);
      if (ts.isStringLiteral(node.literal)) return new Set(['string']);
      if (ts.isNumericLiteral(node.literal)) return new Set(['number']);
      return new Set(['boolean']);
    }
    switch (node.kind) {
      case ts.SyntaxKind.NumberKeyword:
        return new Set(['number']);
      case ts.SyntaxKind.StringKeyword:
        return new Set(['string']);
      case ts.SyntaxKind.BooleanKeyword:
        return new Set(['boolean']);
      case ts.SyntaxKind.UnknownKeyword:
        return new Set(['json']);
    }
    if (ts.isArrayTypeNode(node) || ts.isTypeLiteralNode(node)) return new Set(['json']);
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(source);
      const [first] = node.typeArguments ?? [];
      // Generated<T> and ColumnType<Select, Insert, Update> select as their first argument.
      if ((name === 'Generated' || name === 'ColumnType') && first) return kindsOf(first);
      if (name === 'Date') return new Set(['Date']);
      const alias = aliases.get(name);
      if (alias) return kindsOf(alias);
      if (interfaces.has(name) || name === 'Record') return new Set(['json']);
    }
    throw new Error(`schema.ts: cannot classify the type "${node.getText(source)}"`);
  };

  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts has no DB interface');
  const out = new Map<string, Map<string, ColumnShape>>();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = member.name.getText(source);
    const declaration = interfaces.get(member.type.typeName.getText(source));
    if (!declaration) throw new Error(`schema.ts: no interface for ${table}`);
    const columns = new Map<string, ColumnShape>();
    for (const column of declaration.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      const kinds = kindsOf(column.type);
      const nullable = kinds.delete('null');
      if (kinds.size !== 1) throw new Error(`schema.ts: ${table}.${column.name.getText(source)} mixes kinds`);
      columns.set(column.name.getText(source), { kind: [...kinds][0] as Kind, nullable });
    }
    out.set(table, columns);
  }
  return out;
}

/** How each PostgreSQL type reads back through `pg` and PGlite. */
function kindOfPgType(dataType: string): Kind {
  switch (dataType) {
    case 'integer':
    case 'smallint':
    case 'double precision':
    case 'real':
    case 'bigint': // db/database.ts parses int8 and numeric as numbers
    case 'numeric':
      return 'number';
    case 'text':
    case 'character varying':
    case 'xid8': // a transaction id, read as a string
    case 'date':
    case 'uuid':
    case 'bytea':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return 'Date';
    case 'json':
    case 'jsonb':
    case 'ARRAY':
      return 'json';
    default:
      throw new Error(`no kind for the PostgreSQL type ${dataType}`);
  }
}

describe('db/schema.ts matches the migrations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function migratedSchema(): Promise<Map<string, Map<string, ColumnShape>>> {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
      SELECT c.table_name, c.column_name, c.data_type, c.is_nullable
      FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.table_name NOT LIKE 'kysely_migration%'
      ORDER BY c.table_name, c.ordinal_position`.execute(database.db);
    const out = new Map<string, Map<string, ColumnShape>>();
    for (const r of rows) {
      const columns = out.get(r.table_name) ?? new Map<string, ColumnShape>();
      columns.set(r.column_name, { kind: kindOfPgType(r.data_type), nullable: r.is_nullable === 'YES' });
      out.set(r.table_name, columns);
    }
    return out;
  }

  it('declares every table and view the migrations create, and no other', async () => {
    const declared = declaredSchema();
    const migrated = await migratedSchema();
    expect([...declared.keys()].sort()).toEqual([...migrated.keys()].sort());
  });

  it('declares every column with its kind and nullability', async () => {
    const declared = declaredSchema();
    const migrated = await migratedSchema();
    // Views report every column as nullable: their nullability is what schema.ts says.
    const { rows: views } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.views WHERE table_schema = current_schema()`.execute(database.db);
    const isView = new Set(views.map((v) => v.table_name));
    for (const [table, columns] of migrated) {
      const mine = declared.get(table);
      if (!mine) continue; // reported by the test above
      const asDeclared = Object.fromEntries(
        [...mine].map(([c, s]) => [c, isView.has(table) ? s.kind : `${s.kind}${s.nullable ? ' | null' : ''}`]),
      );
      const asMigrated = Object.fromEntries(
        [...columns].map(([c, s]) => [c, isView.has(table) ? s.kind : `${s.kind}${s.nullable ? ' | null' : ''}`]),
      );
      expect(asDeclared, table).toEqual(asMigrated);
    }
  });

  it('classifies the schema it reads (a guard against a parser that sees nothing)', () => {
    const declared = declaredSchema();
    expect(declared.get('users')?.get('email')).toEqual({ kind: 'string', nullable: false });
    expect(declared.get('users')?.get('email_verified_at')).toEqual({ kind: 'Date', nullable: true });
    expect(declared.get('fixtures')?.get('stage_id')).toEqual({ kind: 'number', nullable: true });
    expect(declared.size).toBeGreaterThan(30);
  });
});
