// Splits a SQL script into statements the way PostgreSQL reads it: a ";" ends a statement only
// outside comments, quoted strings, quoted identifiers and dollar-quoted bodies (a function's body
// is full of ";"). Each statement also comes in a comparable form: comments dropped and runs of
// white space outside quoted text made one space, so two texts of one statement compare equal
// however their comments and layout differ, while a function body is compared exactly.

export interface SqlStatement {
  /** The statement as written, from its first token to its ";" (comments before it excluded). */
  text: string;
  /** Without comments; white space outside quoted text collapsed to one space; no final ";". */
  normalized: string;
}

const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = -1; // index of the current statement's first token
  let normalized = '';
  let pendingSpace = false;
  const emit = (chunk: string) => {
    if (start < 0) return;
    if (pendingSpace && normalized.length > 0) normalized += ' ';
    pendingSpace = false;
    normalized += chunk;
  };
  const begin = (i: number) => {
    if (start < 0) start = i;
  };
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      pendingSpace = true;
    } else if (c === '/' && next === '*') {
      // Block comments nest in PostgreSQL.
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        if (sql.startsWith('/*', i)) depth++, (i += 2);
        else if (sql.startsWith('*/', i)) depth--, (i += 2);
        else i++;
      }
      pendingSpace = true;
    } else if (/\s/.test(c)) {
      pendingSpace = true;
      i++;
    } else if (c === "'" || c === '"') {
      begin(i);
      let j = i + 1;
      for (;;) {
        if (j >= sql.length) throw new Error(`unterminated ${c} quote at offset ${i}`);
        if (sql[j] === c) {
          if (sql[j + 1] === c)
            j += 2; // a doubled quote is the quote character itself
          else break;
        } else j++;
      }
      emit(sql.slice(i, j + 1));
      i = j + 1;
    } else if (c === '$' && DOLLAR_TAG.test(sql.slice(i, i + 64)) && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? ' ')) {
      begin(i);
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64))![0];
      const end = sql.indexOf(tag, i + tag.length);
      if (end < 0) throw new Error(`unterminated ${tag} body at offset ${i}`);
      emit(sql.slice(i, end + tag.length));
      i = end + tag.length;
    } else if (c === ';') {
      if (start >= 0) statements.push({ text: sql.slice(start, i + 1), normalized });
      start = -1;
      normalized = '';
      pendingSpace = false;
      i++;
    } else {
      begin(i);
      let j = i + 1;
      // Plain tokens up to the next character that can start something else.
      while (j < sql.length && !/[\s;'"$\-/]/.test(sql[j]!)) j++;
      if (j === i) j++;
      emit(sql.slice(i, j));
      i = j;
    }
  }
  if (start >= 0 && normalized.trim() !== '') statements.push({ text: sql.slice(start).trimEnd(), normalized });
  return statements;
}
