// Audit Logs' summary cards (spec 2.12), computed on the loaded page only.
import type { TAuditLog } from '@civic/contracts/admin/http';

export interface AuditSummary {
  total: number;
  userActions: number;
  contentActions: number;
  settingsChanges: number;
}

export function auditSummary(logs: readonly Pick<TAuditLog, 'action' | 'targetType'>[]): AuditSummary {
  return {
    total: logs.length,
    userActions: logs.filter((log) => log.targetType === 'user').length,
    contentActions: logs.filter((log) => log.targetType === 'priority' || log.targetType === 'briefing_doc').length,
    settingsChanges: logs.filter((log) => log.action === 'update_setting').length,
  };
}

/** grant_admin → Grant Admin (the action filter's and badges' text). */
export const actionLabel = (action: string) =>
  action
    .split('_')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
