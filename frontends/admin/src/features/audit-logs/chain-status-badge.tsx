// The audit log's hash chain as the server recomputes it (GET /api/admin/audit-logs/verify).
import type { TAuditVerification } from '@civic/contracts/admin/http';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { AUDIT_VERIFY_PATH } from '../../api/admin-paths.ts';
import { adminListQuery } from '../../api/admin-query.ts';

export function ChainStatusBadge() {
  const verification = useQuery(adminListQuery<TAuditVerification>(AUDIT_VERIFY_PATH));
  const base = 'inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-medium';
  if (verification.isPending) return <span className={`${base} bg-slate-100 text-slate-700`}>Checking chain...</span>;
  if (verification.isError || !verification.data) return <span className={`${base} bg-slate-100 text-slate-700`}>Chain status unavailable</span>;
  const { valid, entries, firstInvalidId } = verification.data;
  return valid ? (
    <span className={`${base} bg-green-100 text-green-900`} title={verification.data.headHash ?? undefined}>
      <ShieldCheck className="size-4" aria-hidden="true" /> Chain verified ({entries.toLocaleString('en-US')} entries)
    </span>
  ) : (
    <span className={`${base} bg-red-100 text-red-900`}>
      <ShieldAlert className="size-4" aria-hidden="true" /> Chain broken at entry {firstInvalidId}
    </span>
  );
}
