// The report's reason, checked as the server checks it (contracts' ZCreateReportRequest): required
// after trimming, at most REPORT_LIMITS.reasonMax characters; the messages are the contract's.
import { ADMIN_MESSAGES, REPORT_LIMITS } from '@civic/contracts/admin/messages';

export function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed.length === 0) return ADMIN_MESSAGES.reportReasonRequired;
  if (trimmed.length > REPORT_LIMITS.reasonMax) return ADMIN_MESSAGES.reportReasonTooLong;
  return null;
}
