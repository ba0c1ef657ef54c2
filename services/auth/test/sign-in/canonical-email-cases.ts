// Addresses and their canonical forms, [as typed, canonical]: for the TypeScript rule and, in
// canonical-email-migration.test.ts, the SQL function of the migration.
export const CANONICAL_CASES: [string, string][] = [
  ['  Ann.Lee@Example.COM ', 'ann.lee@example.com'],
  ['name+1@example.com', 'name@example.com'],
  ['name+2+more@example.com', 'name@example.com'],
  ['+only@example.com', '+only@example.com'],
  ['N.A.M.E@gmail.com', 'name@gmail.com'],
  ['n.a.m.e+civic@GoogleMail.com', 'name@gmail.com'],
  ['...@gmail.com', '...@gmail.com'],
  ['.+x@gmail.com', '.@gmail.com'],
  ['first.last@outlook.com', 'first.last@outlook.com'],
  ['name@mail.gmail.com', 'name@mail.gmail.com'],
  ['ann@sub+domain.com', 'ann@sub+domain.com'],
  ['jörg.ü+x@gmail.com', 'jörgü@gmail.com'],
];
